import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { listings } from "../../db/schema/listings";
import { profiles } from "../../db/schema/profiles";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

export const HOME_LISTING_COUNT = 12;

export type ListingCard = Awaited<ReturnType<typeof findHomeListings>>[number];

/** The 12 newest public listings with their owner, for home's Available Swaps. */
export async function findHomeListings(db: Db, { viewer = {}, limit = HOME_LISTING_COUNT }: { viewer?: Viewer; limit?: number } = {}) {
  return db
    .select(listingCardColumns(viewer))
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(isPublicListing())
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit);
}
