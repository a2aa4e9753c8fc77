import { Link } from "react-router";

export type DealProblem = {
  id: string;
  kindLabel: string;
  status: "open" | "resolved";
  resolution: string | null;
  mine: boolean;
  /** Who reported it, where more than one other member could have (a swap circle). */
  reporterName?: string;
};

/**
 * The deal screen's "Report a problem" part (decision 097), self-contained: where each problem reported on this
 * swap stands ("Problem reported: under review", "Resolved: <resolution>"), and the way to report one once both
 * fees are paid (unless this member's own report is still open). A swap circle's page shows the same part.
 */
export function SwapProblemStatus({
  swapId,
  problems,
  canReport,
  otherName,
  circle = false,
}: {
  swapId: string;
  problems: DealProblem[];
  canReport: boolean;
  otherName: string;
  /** A swap circle's (decision 112): its own words and its own report page; `swapId` is the circle's id. */
  circle?: boolean;
}) {
  if (problems.length === 0 && !canReport) return null;
  return (
    <section aria-labelledby="swap-problem-title" className="mt-4 rounded-2xl border border-line bg-white p-4 text-sm">
      <h2 id="swap-problem-title" className="font-semibold">
        {circle ? "Problems with this swap circle" : "Problems with this swap"}
      </h2>
      {problems.length > 0 && (
        <ul className="mt-2 space-y-2">
          {problems.map((problem) => (
            <li
              key={problem.id}
              className={`rounded-lg px-3 py-2 ${problem.status === "open" ? "bg-accent-100" : "bg-brand-50"}`}
            >
              <p className="font-semibold">
                {problem.status === "open" ? "Problem reported: under review" : `Resolved: ${problem.resolution ?? ""}`}
              </p>
              <p className="text-muted">
                {problem.kindLabel}, reported by {problem.mine ? "you" : (problem.reporterName ?? otherName)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canReport ? (
        <p className="mt-2 text-muted">
          Something went wrong with the handover?{" "}
          <Link
            to={circle ? `/my-swaps/circles/${swapId}/problem` : `/my-swaps/${swapId}/problem`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Report a problem
          </Link>
        </p>
      ) : null}
    </section>
  );
}
