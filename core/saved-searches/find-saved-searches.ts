import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { resultsHref } from "./notice-due-matches";

/** A saved search as My Account → Saved searches shows it. */
export type SavedSearchItem = Awaited<ReturnType<typeof findSavedSearches>>[number];

/**
 * A member's saved searches, newest first, wants included (a listing's "What I'd swap it for" with the listing's
 * title and words, a "Looking for" phrase), each with where its results are and how many listings it has matched.
 */
export async function findSavedSearches(db: Db, { userId }: { userId: string }) {
  const rows = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      source: savedSearches.source,
      listingId: savedSearches.listingId,
      q: savedSearches.q,
      location: savedSearches.location,
      radiusKm: savedSearches.radiusKm,
      category: savedSearches.category,
      categories: savedSearches.categories,
      condition: savedSearches.condition,
      minValue: savedSearches.minValue,
      maxValue: savedSearches.maxValue,
      frequency: savedSearches.frequency,
      paused: savedSearches.paused,
      createdAt: savedSearches.createdAt,
      wants: listings.wants,
      listingTitle: listings.title,
      matched: sql<number>`(select count(*)::int from saved_search_matches m where m.saved_search_id = ${savedSearches.id})`,
    })
    .from(savedSearches)
    .leftJoin(listings, eq(listings.id, savedSearches.listingId))
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt));
  return rows.map((row) => ({ ...row, href: resultsHref(row) }));
}
