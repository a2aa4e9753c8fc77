import { LISTING_CATEGORIES, type ListingCategory } from "#db/schema/listing-values.ts";
import { AU_STATES, type AuState } from "#db/schema/columns.ts";

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

export function stateFromSlug(slug: string | undefined): AuState | null {
  if (!slug || slug !== slug.toLowerCase()) return null;
  const state = slug.toUpperCase();
  return (AU_STATES as readonly string[]).includes(state) ? (state as AuState) : null;
}

/** The landing page of a category, or of a category in one state. */
export function categoryPath(category: string, state?: string | null): string {
  return `/categories/${categorySlug(category)}${state ? `/${stateSlug(state)}` : ""}`;
}
