import { categoryLabel } from "#app/lib/categories.ts";

const CONDITIONS: Record<string, string> = {
  new: "New",
  like_new: "Like new",
  good: "Good",
  fair: "Fair",
  for_parts: "For parts",
};

/** A saved search as the Saved searches page's loader gives it (core/saved-searches/find-saved-searches.ts). */
export type SavedSearchItem = Summarised & {
  id: string;
  name: string;
  frequency: "instantly" | "daily" | "weekly";
  paused: boolean;
  href: string;
};

type Summarised = {
  source: "search" | "listing_wants" | "looking_for";
  q: string;
  wants: string | null;
  listingTitle: string | null;
  location: string;
  radiusKm: number | null;
  category: string | null;
  categories: string[];
  condition: string | null;
  minValue: number | null;
  maxValue: number | null;
};

/** What a saved search looks for, in words: "“kayak” · within 25 km of Parramatta NSW 2150 · Boats & Marine". */
export function summariseSearch(s: Summarised): string {
  const words = s.source === "listing_wants" ? (s.wants ?? "") : s.q;
  const parts = [
    words ? `“${words}”` : null,
    s.location ? (s.radiusKm ? `within ${s.radiusKm} km of ${s.location}` : `near ${s.location}`) : "anywhere",
    s.category ? categoryLabel(s.category) : null,
    s.categories.length ? s.categories.map(categoryLabel).join(" or ") : null,
    s.condition ? (CONDITIONS[s.condition] ?? s.condition) : null,
    s.minValue && s.maxValue
      ? `$${s.minValue}–$${s.maxValue}`
      : s.minValue
        ? `from $${s.minValue}`
        : s.maxValue
          ? `up to $${s.maxValue}`
          : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** Where a saved search comes from, for its badge. */
export function sourceLabel(s: Pick<Summarised, "source" | "listingTitle">): string | null {
  if (s.source === "listing_wants") return `From your listing “${s.listingTitle ?? ""}”`;
  if (s.source === "looking_for") return "From your Looking for list";
  return null;
}
