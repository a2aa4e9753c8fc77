import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { favourites } from "../../db/schema/favourites";
import { listings } from "../../db/schema/listings";
import { profiles } from "../../db/schema/profiles";

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
