import { NavLink } from "react-router";

/**
 * The Moderation Queue's parts: what members reported, what the scam signals noticed (decision 098) and members'
 * appeals (decision 097). Links, so each part is its own address and works without JavaScript. A count shows where
 * the page knows it.
 */
export function QueueTabs({ openSignals, pendingAppeals }: { openSignals?: number; pendingAppeals?: number }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium ${
      isActive ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"
    }`;
  return (
    <nav aria-label="Moderation Queue" className="mb-4 flex gap-1 overflow-x-auto border-b border-line">
      <NavLink to="/admin/moderation" end className={tab}>
        Reports
      </NavLink>
      <NavLink to="/admin/moderation/signals" className={tab}>
        Scam signals
        {openSignals !== undefined && (
          <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {openSignals}
            <span className="sr-only"> open</span>
          </span>
        )}
      </NavLink>
      <NavLink to="/admin/moderation/appeals" className={tab}>
        Appeals
        {pendingAppeals !== undefined && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            {pendingAppeals}
            <span className="sr-only"> waiting</span>
          </span>
        )}
      </NavLink>
    </nav>
  );
}
