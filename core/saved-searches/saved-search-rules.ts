import type { ListingCategory } from "#db/schema/listing-values.ts";

// The rules and messages of saved searches, in one place for the use cases, the page and the tests.

/** Searches a member may save from results pages (their wants are counted apart: one per listing, and at most
 *  10 "Looking for" phrases). */
export const MAX_SAVED_SEARCHES = 50;
export const MAX_NAME_LENGTH = 80;
/** "Looking for": how many phrases, and how long each may be. */
export const MAX_LOOKING_FOR = 10;
export const MAX_LOOKING_FOR_LENGTH = 60;

export const TOO_MANY_SAVED_SEARCHES = `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one you no longer need, then save this one.`;
export const NOTHING_TO_SAVE = "Type a word, pick a category or a distance from a place, then save the search.";
export const PLACE_NOT_FOUND =
  "We couldn't find that place. Pick a suburb or postcode from the list, then save the search.";
export const NAME_REQUIRED = "Give the search a name.";
export const NAME_TOO_LONG = `A name can be up to ${MAX_NAME_LENGTH} characters.`;
export const SAVED_SEARCH_NOT_FOUND = "That saved search doesn't exist any more.";
export const UNKNOWN_FREQUENCY = "Choose instantly, daily or weekly.";
export const CHANGE_WANT_AT_SOURCE = "This search comes from your listing or your Looking for list: change it there.";
export const TOO_MANY_LOOKING_FOR = `You can list up to ${MAX_LOOKING_FOR} things you're looking for.`;
export const LOOKING_FOR_NO_WORDS = (phrase: string) =>
  `“${phrase}” has no word we can search for. Name the thing, like “kayak” or “ride-on mower”.`;
export const LOOKING_FOR_TOO_LONG = `Keep each thing you're looking for to ${MAX_LOOKING_FOR_LENGTH} characters.`;

/** Category names as members read them (app/lib/categories.ts has the same for the pages; core cannot import app). */
const CATEGORY_NAMES: Record<ListingCategory, string> = {
  cars_vehicles: "Cars & Vehicles",
  motorcycles: "Motorcycles",
  boats_marine: "Boats & Marine",
  tradie_tools: "Tradie Tools",
  electronics: "Electronics",
  home_garden: "Home & Garden",
  sports_outdoors: "Sports & Outdoors",
  fashion: "Fashion",
  collectibles: "Collectibles",
  other: "Other",
};

export const categoryName = (category: string) => CATEGORY_NAMES[category as ListingCategory] ?? category;

/** A saved search's first name, from what it searches: "kayak near Parramatta (25 km)", "Motorcycles". */
export function defaultSearchName(s: {
  q: string;
  category?: string | null;
  placeName?: string | null;
  radiusKm?: number | null;
}): string {
  const parts = [s.q.trim() || (s.category ? categoryName(s.category) : "Everything")];
  if (s.q.trim() && s.category) parts.push(`in ${categoryName(s.category)}`);
  if (s.placeName) parts.push(`near ${s.placeName}${s.radiusKm ? ` (${s.radiusKm} km)` : ""}`);
  const name = parts.join(" ");
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;
}
