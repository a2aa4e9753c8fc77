import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { Form, useLocation, useNavigationType, useSubmit } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
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

/** How long typing in a search box waits before the list follows it: one request per pause, not per key. */
const TYPING_PAUSE_MS = 300;

/** Lets a control inside a FilterBar (the quick filters) apply the form at once, cancelling a pending search. */
const ApplyNow = createContext<(() => void) | null>(null);

/**
 * Filters as a GET form: the URL holds the state, so a list can be linked, reloaded and used without JavaScript
 * (then the Apply button submits it). Once React runs the page, a filter applies as it changes: a choice at once,
 * a search after a pause in typing, as a client-side navigation that replaces the address (no history entry per
 * keystroke), keeps the scroll position and keeps focus where it is (the form is not re-rendered from scratch).
 * The Apply button is then hidden: there is nothing left for it to do.
 */
export function FilterBar({
  children,
  submitLabel = "Apply",
  className = "mb-4 flex flex-wrap items-end gap-2 rounded-lg border border-line bg-white p-3",
}: {
  children: ReactNode;
  submitLabel?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useSyncFieldsOnHistory(form);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const apply = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <Form
      ref={form}
      method="get"
      replace
      preventScrollReset
      onChange={(event) => {
        const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
        apply(field.type === "search" || field.type === "text" ? TYPING_PAUSE_MS : 0);
      }}
      className={className}
    >
      <ApplyNow.Provider value={() => apply(0)}>{children}</ApplyNow.Provider>
      <button
        type="submit"
        hidden={hydrated}
        className="h-9 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * The fields keep what was typed or chosen (they are not re-rendered from the URL while someone types); after Back
 * or Forward the URL changed under them, so they are set from it again.
 */
function useSyncFieldsOnHistory(form: React.RefObject<HTMLFormElement | null>) {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The page's first load is a "POP" too: its fields are already what the server drew, defaults included.
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    if (navigationType !== "POP" || !form.current) return;
    const params = new URLSearchParams(location.search);
    for (const field of form.current.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      "select[name], input[name]:not([type=hidden])",
    )) {
      const value = params.get(field.name);
      if (value !== null) field.value = value;
      else if (field instanceof HTMLSelectElement && ![...field.options].some((o) => o.value === "")) {
        // A list whose filter has a default other than "any" (the Moderation Queue's pending) shows that default.
        field.value = [...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? "";
      } else field.value = "";
    }
  }, [location.search, navigationType, form]);
}

export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="flex flex-col text-xs font-medium text-muted">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="mt-1 h-9 rounded-md border border-line bg-white px-2 text-sm text-ink"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterSearch({
  label,
  value,
  placeholder,
  name = "q",
  mono = false,
}: {
  label: string;
  value: string;
  placeholder?: string;
  name?: string;
  mono?: boolean;
}) {
  return (
    <label className="flex min-w-48 flex-1 flex-col text-xs font-medium text-muted">
      {label}
      <input
        name={name}
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        className={`mt-1 h-9 rounded-md border border-line bg-white px-2 text-sm text-ink ${mono ? "font-mono" : ""}`}
      />
    </label>
  );
}

/**
 * Toggle buttons of which one at most is on, inside a FilterBar so that one click sends them together with what is
 * typed in its search box (even within the typing pause). The current choice rides in a hidden field placed before the
 * buttons; without JavaScript the pressed button submits its own value after it, and the server reads the last value
 * (`lastParam`). With JavaScript a click sets the hidden field and applies the form at once.
 */
export function QuickFilters({
  name,
  label,
  current,
  filters,
}: {
  name: string;
  label: string;
  current: string | null;
  filters: { value: string; label: string }[];
}) {
  const applyNow = useContext(ApplyNow);
  const chosen = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="mr-1 text-xs font-medium text-muted">
        {label}
      </span>
      <input ref={chosen} type="hidden" name={name} defaultValue={current ?? ""} />
      {filters.map((f) => {
        const active = f.value === current;
        return (
          <button
            key={f.value}
            type="submit"
            name={name}
            value={active ? "" : f.value}
            aria-pressed={active}
            onClick={(event) => {
              if (!applyNow || !chosen.current) return;
              event.preventDefault();
              chosen.current.value = active ? "" : f.value;
              applyNow();
            }}
            className={`h-8 rounded-full border px-3 text-xs font-medium ${
              active
                ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
                : "border-line bg-white text-ink hover:bg-surface"
            }`}
          >
            {f.label}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The last value of a parameter: a QuickFilters button's own value comes after its hidden current value. */
export function lastParam(params: URLSearchParams, name: string) {
  return params.getAll(name).at(-1) ?? null;
}

/** Keyset paging: the next page starts after the last row shown; "First page" goes back to the top. */
export function Pager({
  nextHref,
  firstHref,
  showingFirst,
}: {
  nextHref: string | null;
  firstHref: string;
  showingFirst: boolean;
}) {
  if (!nextHref && showingFirst) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex justify-between gap-2 text-sm">
      {showingFirst ? (
        <span />
      ) : (
        <a href={firstHref} className="rounded-md border border-line bg-white px-3 py-1.5 hover:bg-surface">
          First page
        </a>
      )}
      {nextHref && (
        <a href={nextHref} className="rounded-md border border-line bg-white px-3 py-1.5 hover:bg-surface">
          Next page
        </a>
      )}
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
