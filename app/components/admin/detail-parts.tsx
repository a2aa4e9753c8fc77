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

/** A page's refusal or warning above its content (an action's error once its dialog has closed). */
export function PageAlert({ spacing = "mb-4", children }: { spacing?: "mb-3" | "mb-4"; children: ReactNode }) {
  return (
    <p role="alert" className={`${spacing} rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger`}>
      {children}
    </p>
  );
}

/**
 * A detail page's head: the way back to its list, the title, a line of ids and badges, and the page's actions
 * (links that open their dialogs).
 */
export function DetailHeader({
  back,
  title,
  truncate = false,
  facts,
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  truncate?: boolean;
  facts: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm">
          <Link to={back.to} className="text-muted hover:underline">
            ← {back.label}
          </Link>
        </p>
        <h1 className={`mt-1 ${truncate ? "truncate " : ""}text-2xl font-bold tracking-tight`}>{title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">{facts}</p>
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

/**
 * A detail page's card: a titled section (named by its heading), `className` for its place in the grid. With
 * `empty` it says that instead of its content (a list with nothing in it).
 */
export function DetailCard({
  id,
  title,
  className = "",
  empty,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  empty?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-line bg-white p-4 ${className}`.trimEnd()}>
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {empty ? <p className="mt-2 text-sm text-muted">{empty}</p> : children}
    </section>
  );
}

/** A detail page's full-width list of records, oldest first, with what it says when there are none. */
export function RecordsCard({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** What the card says instead of its records when there are none; undefined when there are some. */
  empty?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-4 rounded-lg border border-line bg-white">
      <h2 id={id} className="border-b border-line px-4 py-3 text-sm font-semibold">
        {title} <span className="font-normal text-muted">(oldest first)</span>
      </h2>
      {empty ? <p className="px-4 py-3 text-sm text-muted">{empty}</p> : children}
    </section>
  );
}
