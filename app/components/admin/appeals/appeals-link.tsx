import { Link } from "react-router";

/** The Moderation Queue's way to its appeals (decision 097), with how many wait for a decision. */
export function AppealsLink({ pending }: { pending: number }) {
  return (
    <Link
      to="/admin/moderation/appeals"
      className="inline-flex h-9 items-center gap-2 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface"
    >
      Appeals
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
        {pending}
        <span className="sr-only"> waiting</span>
      </span>
    </Link>
  );
}
