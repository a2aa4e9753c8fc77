import type { ReactNode } from "react";

export function PageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** Filters as a GET form: the URL holds the state, so a list can be linked, reloaded and used without JavaScript. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-2 rounded-lg border border-line bg-white p-3">
      {children}
      <button type="submit" className="h-9 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">Apply</button>
    </form>
  );
}

export function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <label className="flex flex-col text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={value} className="mt-1 h-9 rounded-md border border-line bg-white px-2 text-sm text-ink">
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </label>
  );
}

export function FilterSearch({ label, value, placeholder }: { label: string; value: string; placeholder?: string }) {
  return (
    <label className="flex min-w-48 flex-1 flex-col text-xs font-medium text-muted">
      {label}
      <input name="q" type="search" defaultValue={value} placeholder={placeholder} className="mt-1 h-9 rounded-md border border-line bg-white px-2 text-sm text-ink" />
    </label>
  );
}

/** Keyset paging: the next page starts after the last row shown; "First page" goes back to the top. */
export function Pager({ nextHref, firstHref, showingFirst }: { nextHref: string | null; firstHref: string; showingFirst: boolean }) {
  if (!nextHref && showingFirst) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex justify-between gap-2 text-sm">
      {showingFirst ? <span /> : <a href={firstHref} className="rounded-md border border-line bg-white px-3 py-1.5 hover:bg-surface">First page</a>}
      {nextHref && <a href={nextHref} className="rounded-md border border-line bg-white px-3 py-1.5 hover:bg-surface">Next page</a>}
    </nav>
  );
}

/** The URL of this list with one parameter changed (or removed), keeping the others. */
export function withParam(url: URL, name: string, value: string | null) {
  const next = new URL(url);
  if (value === null) next.searchParams.delete(name);
  else next.searchParams.set(name, value);
  // A loader on a client-side navigation sees the data request's URL (/admin/payments.data?_routes=...):
  // links are to the page.
  next.searchParams.delete("_routes");
  return `${next.pathname.replace(/\.data$/, "")}${next.search}`;
}
