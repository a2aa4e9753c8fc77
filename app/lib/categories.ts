/**
 * The listing categories: the only list, everywhere (member side, search and the admin filter).
 * Services is shown as "Coming Soon" in the UI and is deliberately not a value here.
 */
export const CATEGORIES = [
  { value: "cars_vehicles", label: "Cars & Vehicles" },
  { value: "motorcycles", label: "Motorcycles" },
  { value: "boats_marine", label: "Boats & Marine" },
  { value: "tradie_tools", label: "Tradie Tools" },
  { value: "electronics", label: "Electronics" },
  { value: "home_garden", label: "Home & Garden" },
  { value: "sports_outdoors", label: "Sports & Outdoors" },
  { value: "fashion", label: "Fashion" },
  { value: "collectibles", label: "Collectibles" },
  { value: "other", label: "Other" },
] as const;

export type Category = (typeof CATEGORIES)[number]["value"];

/** The display label of a category value; an unknown value is returned as it is. */
export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
