import { Link } from "react-router";

/** One moderation on one row of the Listings table: a link that opens its dialog for that listing alone. */
export function RowAction({
  to,
  label,
  title,
  danger = false,
}: {
  to: string;
  label: string;
  title: string;
  danger?: boolean;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-label={`${label}: ${title}`}
      className={`rounded px-2 py-1 text-xs font-medium ${danger ? "text-danger hover:bg-red-50" : "text-brand-800 hover:bg-brand-50"}`}
    >
      {label}
    </Link>
  );
}
