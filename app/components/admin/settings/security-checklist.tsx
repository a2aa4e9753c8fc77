import { CircleAlert, CircleCheck } from "#app/components/ui/icons.ts";

export type CheckView = { id: string; label: string; passed: boolean; reason: string };

/** The checklist as checked on this request: each item passes or fails, with the reason. */
export function SecurityChecklist({ checks }: { checks: CheckView[] }) {
  const passed = checks.filter((c) => c.passed).length;
  return (
    <>
      <p className="mb-2 text-sm">
        {passed} of {checks.length} pass.
      </p>
      <ul className="divide-y divide-line">
        {checks.map((check) => (
          <li key={check.id} className="flex items-start gap-3 py-2.5">
            {check.passed ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p className="font-medium">
                {check.label}
                <span
                  className={`ml-2 text-xs font-semibold uppercase ${check.passed ? "text-green-800" : "text-danger"}`}
                >
                  {check.passed ? "Pass" : "Fail"}
                </span>
              </p>
              <p className="break-words text-sm text-muted">{check.reason}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
