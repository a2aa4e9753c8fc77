import { ChevronDown, SlidersHorizontal } from "#app/components/ui/icons.ts";
import { type ChangeEvent, type ReactNode, useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { defaultSort, RADIUS_OPTIONS, SORT_OPTIONS } from "#core/listings/search-query.ts";
import { CATEGORIES } from "#app/lib/categories.ts";
import { LocationCombobox } from "../forms/location-combobox";
import { buttonClass } from "../ui/button";
import { CONDITION_OPTIONS } from "#app/lib/format.ts";

export type FilterValues = {
  q: string;
  location: string;
  category?: string;
  condition?: string;
  minValue?: number;
  maxValue?: number;
  radiusKm?: number;
  sort: string;
};

const field = "filter-field";
/** Where the filters start open: from Tailwind's `sm` up. Below it (phones) they would push every result off
 *  the first screen. Keep in step with the `sm:` classes on the <details> below. */
const WIDE = "(min-width: 640px)";

/** How many filters differ from a fresh search, for the collapsed toggle's label. */
function activeCount(values: FilterValues): number {
  return (
    [values.category, values.condition, values.minValue, values.maxValue, values.radiusKm].filter(Boolean).length +
    (values.sort !== defaultSort(values.q) ? 1 : 0)
  );
}

/**
 * The sort choices for a search with or without words. The default order's option sends no sort at all (value
 * ""), so that typing words into a search that had none gets Relevance, and clearing them gets Newest, rather
 * than keeping the order the page happened to show. Relevance is offered only with words: it ranks by them.
 */
function sortChoices(q: string) {
  const fallback = defaultSort(q);
  return SORT_OPTIONS.filter((o) => o.value !== "relevance" || fallback === "relevance").map((o) => ({
    value: o.value === fallback ? "" : o.value,
    label: o.label,
  }));
}

/**
 * The whole search as one GET form: the state lives in the URL, so results can be shared, the back
 * button works, and it needs no JavaScript.
 */
export function SearchFilters({ values }: { values: FilterValues }) {
  const details = useRef<HTMLDetailsElement>(null);
  const submit = useSubmit();
  // With JavaScript a filter applies as soon as it changes: the same GET as Apply, replacing this history entry
  // (one Back leaves the search, not each filter tried) and keeping the scroll; focus stays on the control, which
  // React keeps. Before the page's scripts run, and without them, Apply does it.
  const apply = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form)
      submit(event.currentTarget.form, { method: "get", action: "/search", preventScrollReset: true, replace: true });
  };
  // Wide screens show the filters before this runs (the CSS below); opening the <details> as well keeps what
  // assistive technology is told ("expanded") true, and covers browsers without ::details-content.
  useEffect(() => {
    if (details.current && window.matchMedia(WIDE).matches) details.current.open = true;
  }, []);
  const active = activeCount(values);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a plain form with role="search" keeps the landmark without a wrapper
    <form method="get" action="/search" role="search" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <div>
          <label htmlFor="search-q" className="block text-sm font-medium">
            What are you looking for?
          </label>
          <input
            id="search-q"
            name="q"
            defaultValue={values.q}
            placeholder="e.g. chainsaw, kayak, ute"
            className={field}
          />
        </div>
        {/* Keyed by the place so that a new search (a picked "Which Newtown?" link) shows its own text. */}
        <LocationCombobox
          key={values.location}
          id="search-location"
          name="location"
          label="Suburb or postcode"
          placeholder="Sydney"
          defaultValue={values.location}
          pickFields={false}
          locate
        />
        <button type="submit" className={buttonClass({}, "self-end")}>
          Search
        </button>
      </div>
      {/* Closed in the markup, so phones start with results in view, with and without JavaScript. From `sm` up
          the content is shown while closed (::details-content) and the toggle, which would do nothing there, is
          hidden; browsers without ::details-content keep the toggle, and the effect above opens it. */}
      <details
        ref={details}
        className="group rounded-xl border border-line bg-surface sm:details-content:block sm:details-content:[content-visibility:visible]"
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-xl px-4 text-sm font-semibold sm:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          <span>
            Filters and sort
            {active > 0 && <span className="font-normal text-muted"> ({active} on)</span>}
          </span>
          <ChevronDown className="ml-auto size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="px-4 pb-4 sm:supports-[selector(::details-content)]:pt-4">
          {/* Two columns even on a phone: the seven fields would otherwise fill the first screen before any result. */}
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <FilterSelect
              name="category"
              label="Category"
              defaultValue={values.category ?? ""}
              options={[{ value: "", label: "All categories" }, ...CATEGORIES]}
              onChange={apply}
              wide
            />
            <FilterSelect
              name="condition"
              label="Condition"
              defaultValue={values.condition ?? ""}
              options={[{ value: "", label: "Any" }, ...CONDITION_OPTIONS]}
              onChange={apply}
            />
            <FilterSelect
              name="radius"
              label="Distance"
              defaultValue={values.radiusKm ? String(values.radiusKm) : ""}
              options={RADIUS_OPTIONS.map((r) => ({
                value: r.value ? String(r.value) : "",
                label: r.value ? `Within ${r.label}` : r.label,
              }))}
              onChange={apply}
            />
            <ValueFilter name="min" label="Min value ($)" defaultValue={values.minValue} />
            <ValueFilter name="max" label="Max value ($)" defaultValue={values.maxValue} />
            <FilterSelect
              name="sort"
              label="Sort by"
              defaultValue={values.sort === defaultSort(values.q) ? "" : values.sort}
              options={sortChoices(values.q)}
              onChange={apply}
              wide
            />
          </div>
          {/* Always shown: it is how filters apply before the page's scripts run (a slow phone) and without them,
              and how the value range applies at any time. */}
          <button type="submit" className={buttonClass({ variant: "outline" }, "mt-4 w-full sm:w-auto")}>
            Apply
          </button>
        </div>
      </details>
    </form>
  );
}

type FilterProps = { name: string; label: string };

/** One filter's label and its place in the grid (`wide`: two columns). */
function Filter({ name, label, wide = false, children }: FilterProps & { wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <label htmlFor={`search-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter picked from a list; the first option is the one that filters nothing. */
function FilterSelect({
  options,
  defaultValue,
  onChange,
  ...props
}: FilterProps & {
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  wide?: boolean;
}) {
  return (
    <Filter {...props}>
      <select
        id={`search-${props.name}`}
        name={props.name}
        defaultValue={defaultValue}
        onChange={onChange}
        className={field}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Filter>
  );
}

/** A whole-dollar bound of the value range. */
function ValueFilter({ defaultValue, ...props }: FilterProps & { defaultValue?: number }) {
  return (
    <Filter {...props}>
      <input
        id={`search-${props.name}`}
        name={props.name}
        type="number"
        min={0}
        inputMode="numeric"
        defaultValue={defaultValue}
        className={field}
      />
    </Filter>
  );
}
