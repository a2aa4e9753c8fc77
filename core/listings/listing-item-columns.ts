import { listings } from "#db/schema/listings.ts";

/** A listing and what its owner wrote about the item (the listing form's fields), as columns to select. */
export const listingItemColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  wants: listings.wants,
  wantsCategories: listings.wantsCategories,
  category: listings.category,
  condition: listings.condition,
  valueMin: listings.valueMin,
  valueMax: listings.valueMax,
  location: listings.location,
};
