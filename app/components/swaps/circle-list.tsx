import { Link } from "react-router";
import type { CircleStatus } from "#db/schema/swap-circles.ts";

/** What My Swaps needs of a circle: what the member gives and gets, and where it stands. */
export type CircleSummary = {
  id: string;
  status: CircleStatus;
  size: number;
  give: { title: string; to: string };
  get: { title: string; from: string };
  /** Whether this member still has to do something: answer an offer, pay, or confirm the swap. */
  yourTurn: boolean;
};

const STATUS_LABELS: Record<CircleStatus, string> = {
  offered: "Offered",
  accepted: "Waiting for payment",
  arranging: "Paid: arrange the hand-over",
  completed: "Completed",
  declined: "Declined",
  lapsed: "Lapsed",
  cancelled: "Closed",
};

/** The member's swap circles (decision 104), above their proposals: each links to its own page. */
export function CircleList({ circles }: { circles: CircleSummary[] }) {
  return (
    <section aria-labelledby="circles-heading" className="mt-6">
      <h2 id="circles-heading" className="text-lg font-semibold">
        Swap circles
      </h2>
      <ul className="mt-2 space-y-3">
        {circles.map((circle) => (
          <li key={circle.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-muted">
                Circle of {circle.size === 3 ? "three" : "two"}
              </span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${circle.yourTurn ? "bg-accent-100 text-ink" : "bg-brand-50 text-brand-800"}`}
              >
                {circle.yourTurn ? "Your turn" : STATUS_LABELS[circle.status]}
              </span>
            </div>
            <p className="mt-2 text-sm wrap-anywhere">
              You give <span className="font-semibold">{circle.give.title}</span> to {circle.give.to} and get{" "}
              <span className="font-semibold">{circle.get.title}</span> from {circle.get.from}.
            </p>
            <Link
              to={`/my-swaps/circles/${circle.id}`}
              className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Open swap circle
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
