// What each category is called in everyday Australian English: the words a member types when they mean the
// category ("motorbike", "ute", "tinny"). They are part of every listing's search vector at weight B (between the
// title, A, and the description, C), so `motorcycle` finds every listing in Motorcycles even when its title says
// only "Honda CB500X". No imports: the schema's generated column is built from this list.
//
// Changing a line changes the generated column: it needs a migration (`npx drizzle-kit generate`), and
// tests/integration/search-relevance.test.ts checks that the database's column says what this file says.
// Query-side synonyms (a word typed that means another word) are core/search/synonyms.ts.

import type { ListingCategory } from "./listing-values";

export const CATEGORY_SEARCH_WORDS: Record<ListingCategory, string> = {
  cars_vehicles:
    "cars vehicles car vehicle automobile ute utility pickup truck van wagon hatch hatchback sedan suv 4wd 4x4 caravan camper",
  motorcycles: "motorcycles motorcycle motorbike motorbikes motor bike scooter moped dirtbike trailbike",
  boats_marine: "boats marine boat dinghy tinny runabout kayak canoe jetski outboard yacht sailboat",
  tradie_tools: "tradie tools tool power tools hand tools trade workshop",
  electronics: "electronics electronic gadget tech computer laptop phone mobile tv television camera audio console",
  home_garden: "home garden household furniture appliance kitchen homewares outdoor",
  sports_outdoors: "sports outdoors sport outdoor fitness gym camping bicycle bike cycling fishing",
  fashion: "fashion clothing clothes apparel shoes footwear jewellery accessories",
  collectibles: "collectibles collectable collectables collectible antique antiques vintage memorabilia",
  other: "other",
};

/** The SQL CASE that turns a listing's category into its words (for the generated search vector). */
export function categoryWordsCase(column: string): string {
  const arms = Object.entries(CATEGORY_SEARCH_WORDS)
    .map(([category, words]) => `WHEN '${category}' THEN '${words.replace(/'/g, "''")}'`)
    .join(" ");
  return `CASE ${column} ${arms} ELSE '' END`;
}
