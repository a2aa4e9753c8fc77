// The listing value lists, with no imports so the browser bundle can share them with the schema.

/** The ten member-side categories; the only list, admin filter included (Services is "Coming Soon"). */
export const LISTING_CATEGORIES = [
  "cars_vehicles",
  "motorcycles",
  "boats_marine",
  "tradie_tools",
  "electronics",
  "home_garden",
  "sports_outdoors",
  "fashion",
  "collectibles",
  "other",
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export const LISTING_CONDITIONS = ["new", "like_new", "good", "fair", "for_parts"] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];
