import { LISTING_CONDITIONS, type ListingCondition } from "#db/schema/listing-values.ts";

const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });

/** Whole-dollar value ranges as members read them: "$5,000 – $8,000". */
export function formatValueRange(min: number, max: number) {
  return min === max ? aud.format(min) : `${aud.format(min)} – ${aud.format(max)}`;
}

const CONDITION_LABELS: Record<ListingCondition, string> = {
  new: "New",
  like_new: "Like new",
  good: "Good",
  fair: "Fair",
  for_parts: "For parts",
};
export const conditionLabel = (value: string) => CONDITION_LABELS[value as ListingCondition] ?? value;

/** The conditions as form options, in the schema's order (the create form and the search filters). */
export const CONDITION_OPTIONS = LISTING_CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }));

// Built once: an Intl.NumberFormat costs far more to create than to use, and a page formats one per card.
const wholeNumber = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });

/** Distances as a member reads them: "< 1 km", "12 km", "1,250 km". */
export function formatDistance(km: number) {
  if (km < 1) return "< 1 km";
  return `${wholeNumber.format(km)} km`;
}
