import type { LISTING_CATEGORIES, LISTING_CONDITIONS } from "#db/schema/listing-values.ts";

// What a search URL may say, and how to write one: plain TypeScript with no zod, so the search page's
// browser bundle can build links and the filter form from it. search-params.ts reads URLs with zod.

export type Category = (typeof LISTING_CATEGORIES)[number];
export type Condition = (typeof LISTING_CONDITIONS)[number];

export const RADIUS_VALUES = [5, 10, 25, 50, 100] as const;
export type RadiusKm = (typeof RADIUS_VALUES)[number];

export const SORT_VALUES = ["relevance", "newest", "nearest", "value_asc", "value_desc"] as const;
export type SearchSort = (typeof SORT_VALUES)[number];

/** The order a search takes when none is asked for: best match first when words are typed, else newest. */
export function defaultSort(q: string): SearchSort {
  return q.trim() ? "relevance" : "newest";
}

/** For the distance select; `null` is "any distance" (the parameter left out). */
export const RADIUS_OPTIONS: readonly { value: RadiusKm | null; label: string }[] = [
  { value: 5, label: "5 km" },
  { value: 10, label: "10 km" },
  { value: 25, label: "25 km" },
  { value: 50, label: "50 km" },
  { value: 100, label: "100 km" },
  { value: null, label: "Any distance" },
];

/** "Relevance" only means something with words; the search page offers it then. */
export const SORT_OPTIONS: readonly { value: SearchSort; label: string }[] = [
  { value: "relevance", label: "Relevance" },
  { value: "newest", label: "Newest" },
  { value: "nearest", label: "Nearest" },
  { value: "value_asc", label: "Value: low to high" },
  { value: "value_desc", label: "Value: high to low" },
];

export const MAX_QUERY_LENGTH = 100;

export type SearchParams = {
  q: string;
  /** The place as typed ("Bondi NSW 2026"); the caller resolves it to coordinates. */
  location: string;
  category?: Category;
  condition?: Condition;
  minValue?: number;
  maxValue?: number;
  radiusKm?: RadiusKm;
  sort: SearchSort;
  /** Opaque "Load more" position from a previous page's `nextCursor`. */
  cursor?: string;
};

/** URL parameter names, also the search form's field names. */
export const SEARCH_PARAM_NAMES = {
  q: "q",
  location: "location",
  category: "category",
  condition: "condition",
  minValue: "min",
  maxValue: "max",
  radiusKm: "radius",
  sort: "sort",
  cursor: "cursor",
} as const satisfies Record<keyof SearchParams, string>;

/**
 * The query string (without "?") for a search, leaving out empty values and the default sort (which depends on
 * whether there are words: see defaultSort). Links to other
 * sorts or filters should drop `cursor` (pass `{ ...params, cursor: undefined }`): it belongs to one ordering.
 */
export function toSearchQuery(params: Partial<SearchParams>): string {
  const out = new URLSearchParams();
  for (const [key, name] of Object.entries(SEARCH_PARAM_NAMES) as [keyof SearchParams, string][]) {
    const value = params[key];
    if (value === undefined || value === null || value === "") continue;
    if (key === "sort" && value === defaultSort(params.q ?? "")) continue;
    out.set(name, String(value));
  }
  return out.toString();
}
