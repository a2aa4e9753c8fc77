import { Link } from "react-router";
import { ActionLink, DetailCard } from "../detail-parts";

export type StaffProblem = {
  id: string;
  reporterName: string;
  role: string;
  kindLabel: string;
  details: string;
  pictures: string[];
  status: "open" | "resolved";
  resolution: string | null;
  createdAt: string;
  resolvedAt: string | null;
};

/**
 * The problems members reported on this swap (decision 097): what, in their words, the pictures (served to staff
 * and the two members only), how each was resolved, the swap's thread (an audited read) and "Resolve problem".
 */
export function ProblemsCard({
  problems,
  threadHref,
  mayResolve,
}: {
  problems: StaffProblem[];
  threadHref: string | null;
  mayResolve: boolean;
}) {
  if (problems.length === 0) return null;
  return (
    <DetailCard id="problems" title="Problems reported" className="mt-4">
      <ul className="mt-2 space-y-4">
        {problems.map((problem) => (
          <li key={problem.id} className="rounded-md border border-line p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {problem.kindLabel}{" "}
                <span className="font-normal text-muted">
                  by {problem.reporterName} ({problem.role}), {problem.createdAt}
                </span>
              </p>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${problem.status === "open" ? "bg-accent-100 text-ink" : "bg-brand-50 text-brand-800"}`}
              >
                {problem.status === "open" ? "Open" : "Resolved"}
              </span>
            </div>
            <p className="mt-2 whitespace-pre-line break-words">{problem.details}</p>
            {problem.pictures.length > 0 && (
              <ul aria-label="Pictures" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {problem.pictures.map((url, i) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={url}
                        alt={`Evidence ${i + 1} of ${problem.pictures.length} from ${problem.reporterName}`}
                        loading="lazy"
                        className="aspect-square w-full rounded-md border border-line object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {problem.status === "resolved" ? (
              <p className="mt-3 rounded-md bg-surface px-3 py-2">
                <span className="font-semibold">Resolution</span> ({problem.resolvedAt}): {problem.resolution}
              </p>
            ) : (
              mayResolve && (
                <div className="mt-3">
                  <ActionLink to={`?do=resolve-problem&problem=${problem.id}`}>Resolve problem</ActionLink>
                </div>
              )
            )}
          </li>
        ))}
      </ul>
      {threadHref && (
        <p className="mt-3 text-sm">
          <Link to={threadHref} prefetch="none" className="font-semibold text-brand-700 underline">
            Read the swap's conversation
          </Link>{" "}
          <span className="text-muted">(opening it is recorded in the audit log)</span>
        </p>
      )}
    </DetailCard>
  );
}
