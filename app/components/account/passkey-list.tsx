import { Form, useNavigation } from "react-router";
import { describedBy, inputClass } from "../forms/field";
import { Button } from "../ui/button";
import { KeyRound } from "../ui/icons";

export type PasskeyRow = { id: string; name: string; added: string; sync: "synced" | "not-backed-up" | "device" };
type Result = { passkeyId: string | null; intent: string | null; error: string } | undefined;

const SYNC_TEXT = {
  synced: "Synced: backed up by your password manager or account",
  "not-backed-up": "Can sync, not backed up yet",
  device: "This device only",
} as const;

const summaryClass =
  "inline-flex h-9 cursor-pointer list-none items-center rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink hover:bg-surface [&::-webkit-details-marker]:hidden";

/** The member's passkeys, each with rename and remove (a confirm step inside <details>, so both work without JavaScript). */
export function PasskeyList({ passkeys, result }: { passkeys: PasskeyRow[]; result: Result }) {
  const busy = useNavigation().state !== "idle";
  if (passkeys.length === 0) {
    return <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">You have no passkeys yet.</p>;
  }
  return (
    <ul className="mt-4 divide-y divide-line">
      {passkeys.map((passkey) => (
        // Keyed by the name too: after a rename the row starts again with its forms closed.
        <PasskeyItem key={`${passkey.id}:${passkey.name}`} passkey={passkey} result={result} busy={busy} />
      ))}
    </ul>
  );
}

/** One passkey: its name, when it was added and whether it syncs, with its rename and remove forms. */
function PasskeyItem({ passkey, result, busy }: { passkey: PasskeyRow; result: Result; busy: boolean }) {
  const error = result?.passkeyId === passkey.id ? result.error : undefined;
  const nameId = `rename-${passkey.id}`;
  return (
    <li className="py-4" aria-label={passkey.name}>
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0">
          <p className="break-words font-medium">{passkey.name}</p>
          <p className="text-sm text-muted">
            Added {passkey.added} · {SYNC_TEXT[passkey.sync]}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2 pl-8">
        <details className="open:basis-full" open={result?.intent === "rename" && error ? true : undefined}>
          <summary className={summaryClass}>
            Rename<span className="sr-only"> {passkey.name}</span>
          </summary>
          <Form method="post" className="mt-3 space-y-3" noValidate>
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <div>
              <label htmlFor={nameId} className="block text-sm font-medium text-ink">
                New name
              </label>
              <input
                id={nameId}
                name="name"
                type="text"
                required
                defaultValue={passkey.name}
                className={`${inputClass(result?.intent === "rename" ? error : undefined)} h-11`}
                {...describedBy(nameId, result?.intent === "rename" ? error : undefined)}
              />
              {result?.intent === "rename" && error && (
                <p id={`${nameId}-error`} className="mt-1 text-sm text-danger">
                  {error}
                </p>
              )}
            </div>
            <Button type="submit" size="sm" disabled={busy}>
              Save name
            </Button>
          </Form>
        </details>
        <details className="open:basis-full" open={result?.intent === "remove" && error ? true : undefined}>
          <summary className={`${summaryClass} text-danger`}>
            Remove<span className="sr-only"> {passkey.name}</span>
          </summary>
          <Form method="post" className="mt-3 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <p className="text-sm text-ink">
              Remove "{passkey.name}"? You won't be able to sign in with it any more. Delete it from your device or
              password manager too.
            </p>
            {result?.intent === "remove" && error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <Button type="submit" size="sm" variant="outline" className="text-danger" disabled={busy}>
              Remove passkey
            </Button>
          </Form>
        </details>
      </div>
    </li>
  );
}
