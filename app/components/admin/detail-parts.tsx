import type { ReactNode } from "react";
import { Link } from "react-router";

/** A detail page's action: a link that opens the action's confirm dialog (`?do=...`), so it works without JavaScript. */
export function ActionLink({ to, danger = false, children }: { to: string; danger?: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className={`inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium ${danger ? "border-red-200 text-danger hover:bg-red-50" : "border-line bg-white hover:bg-surface"}`}
    >
      {children}
    </Link>
  );
}

/** One label and value of a detail page's list (inside a <dl>). `breakAll` for ids and keys without spaces. */
export function DetailRow({
  label,
  breakAll = false,
  children,
}: {
  label: string;
  breakAll?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className={`min-w-0 text-right ${breakAll ? "break-all" : "break-words"}`}>{children}</dd>
    </div>
  );
}
