export type SecretView = { name: string; label: string; configured: boolean; lastFour: string | null; note: string };

/**
 * Each secret as Configured / Not configured. 'Reveal' is a native disclosure (works without JavaScript) and shows
 * only what the server sent: the last 4 characters, never the value.
 */
export function SecretsList({ secrets }: { secrets: SecretView[] }) {
  return (
    <ul className="divide-y divide-line">
      {secrets.map((secret) => (
        <li
          key={secret.name}
          className="flex flex-col gap-1 py-3 first:pt-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
        >
          <div className="min-w-0">
            <p className="font-medium">
              {secret.label} <code className="block text-xs text-muted">{secret.name}</code>
            </p>
            <p className="text-sm text-muted">{secret.note}</p>
          </div>
          <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${secret.configured ? "bg-green-100 text-green-900" : "bg-gray-100 text-gray-800"}`}
            >
              {secret.configured ? "Configured" : "Not configured"}
            </span>
            {secret.lastFour && (
              <details className="text-sm">
                <summary className="cursor-pointer text-brand-800 underline-offset-2 hover:underline">
                  Reveal<span className="sr-only"> the last 4 characters of {secret.label}</span>
                </summary>
                <p className="mt-1 font-mono">
                  <span aria-hidden="true">••••••••</span>
                  <span className="sr-only">ending in </span>
                  {secret.lastFour}
                </p>
              </details>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
