import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";

import { isGoneListing } from "./gone-listings";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

/**
 * A member's saved listings, most recently saved first: the public ones, and those that have since been swapped or
 * deleted (status tells which: the page badges them "Swapped" or "No longer listed" rather than dropping them
 * silently) when `includeGone` (the page; the API's list stays "those still public"). Their pictures are not
 * returned: they are private once the listing is not public. One moderation took down is gone from here as from
 * everywhere.
 */
export async function findFavouriteListings(
  db: Db,
  { userId, viewer, includeGone = false }: { userId: string; viewer: Viewer; includeGone?: boolean },
) {
  const rows = await db
    .select(listingCardColumns({ ...viewer, userId }))
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(favourites.userId, userId), includeGone ? or(isPublicListing(), isGoneListing()) : isPublicListing()))
    .orderBy(desc(favourites.createdAt))
    .limit(200);
  return rows.map((row) => (row.status === "active" ? row : { ...row, images: [] }));
}
