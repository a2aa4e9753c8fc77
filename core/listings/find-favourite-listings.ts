import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";

import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

/** A member's saved listings that are still public, most recently saved first. */
export async function findFavouriteListings(db: Db, { userId, viewer }: { userId: string; viewer: Viewer }) {
  return db
    .select(listingCardColumns({ ...viewer, userId }))
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(favourites.userId, userId), isPublicListing()))
    .orderBy(desc(favourites.createdAt))
    .limit(200);
}
