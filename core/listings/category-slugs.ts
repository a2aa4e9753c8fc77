import { LISTING_CATEGORIES, type ListingCategory } from "#db/schema/listing-values.ts";

/**
 * The states and territories, as listings store them. The same list as AU_STATES in db/schema/columns.ts (a test
 * holds them equal), written here because that file brings Drizzle with it and this one reaches the browser.
 */
export const STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type State = (typeof STATES)[number];

/**
 * The addresses of the category landing pages (/categories/<slug>[/<state>]): a category's value with hyphens
 * ("cars_vehicles" is /categories/cars-vehicles) and a state in lower case (/categories/motorcycles/nsw). Anything
 * else is no page at all (a 404), so a crawler never finds two addresses for one page.
 */
export function categorySlug(category: string): string {
  return category.replaceAll("_", "-");
}

export function categoryFromSlug(slug: string | undefined): ListingCategory | null {
  if (!slug || slug !== slug.toLowerCase() || slug.includes("_")) return null;
  const value = slug.replaceAll("-", "_");
  return (LISTING_CATEGORIES as readonly string[]).includes(value) ? (value as ListingCategory) : null;
}

export function stateSlug(state: string): string {
  return state.toLowerCase();
}

export function stateFromSlug(slug: string | undefined): State | null {
  if (!slug || slug !== slug.toLowerCase()) return null;
  const state = slug.toUpperCase();
  return (STATES as readonly string[]).includes(state) ? (state as State) : null;
}

/** The landing page of a category, or of a category in one state. */
export function categoryPath(category: string, state?: string | null): string {
  return `/categories/${categorySlug(category)}${state ? `/${stateSlug(state)}` : ""}`;
}
