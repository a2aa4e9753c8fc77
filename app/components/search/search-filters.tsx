import { SlidersHorizontal } from "~/components/ui/icons";
import { RADIUS_OPTIONS, SORT_OPTIONS } from "../../../core/listings/search-query";
import { CATEGORIES } from "../../lib/categories";
import { buttonClass } from "../ui/button";
import { CONDITION_OPTIONS } from "../../lib/format";

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

const field = "mt-1 block h-11 w-full rounded-lg border border-line bg-white px-3 text-ink";

/**
 * The whole search as one GET form: the state lives in the URL, so results can be shared, the back
 * button works, and it needs no JavaScript.
 */
export function SearchFilters({ values }: { values: FilterValues }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a plain form with role="search" keeps the landmark without a wrapper
    <form method="get" action="/search" role="search" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <div>
          <label htmlFor="search-q" className="text-sm font-medium">What are you looking for?</label>
          <input id="search-q" name="q" defaultValue={values.q} placeholder="e.g. chainsaw, kayak, ute" className={field} />
        </div>
        <div>
          <label htmlFor="search-location" className="text-sm font-medium">Suburb or postcode</label>
          <input id="search-location" name="location" defaultValue={values.location} placeholder="Sydney" className={field} />
        </div>
        <button type="submit" className={buttonClass({}, "self-end")}>Search</button>
      </div>
      <details className="group rounded-xl border border-line bg-surface p-4 sm:open:pb-4" open>
        <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="size-4" aria-hidden="true" /> Filters and sort
        </summary>
        {/* Two columns even on a phone: the seven fields would otherwise fill the first screen before any result. */}
        <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-6">
          <div className="col-span-2">
            <label htmlFor="search-category" className="text-sm font-medium">Category</label>
            <select id="search-category" name="category" defaultValue={values.category ?? ""} className={field}>
              <option value="">All categories</option>
              {CATEGORIES.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="search-condition" className="text-sm font-medium">Condition</label>
            <select id="search-condition" name="condition" defaultValue={values.condition ?? ""} className={field}>
              <option value="">Any</option>
              {CONDITION_OPTIONS.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="search-radius" className="text-sm font-medium">Distance</label>
            <select id="search-radius" name="radius" defaultValue={values.radiusKm ? String(values.radiusKm) : ""} className={field}>
              {RADIUS_OPTIONS.map((r) => (
                <option key={r.label} value={r.value ?? ""}>{r.value ? `Within ${r.label}` : r.label}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-min" className="text-sm font-medium">Min value ($)</label>
            <input id="search-min" name="min" type="number" min={0} inputMode="numeric" defaultValue={values.minValue} className={field} />
          </div>
          <div>
            <label htmlFor="search-max" className="text-sm font-medium">Max value ($)</label>
            <input id="search-max" name="max" type="number" min={0} inputMode="numeric" defaultValue={values.maxValue} className={field} />
          </div>
          <div className="col-span-2">
            <label htmlFor="search-sort" className="text-sm font-medium">Sort by</label>
            <select id="search-sort" name="sort" defaultValue={values.sort} className={field}>
              {SORT_OPTIONS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </select>
          </div>
        </div>
      </details>
    </form>
  );
}
