import { and, eq, inArray, type SQL, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { listings } from "../../db/schema/listings";
import { profiles } from "../../db/schema/profiles";
import { isListingId, isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

/**
 * One listing for its page: public listings for everyone; the owner also sees their own reserved or
 * swapped listing, and their active one held for review. Deleted, cancelled and suspended owners' listings are
 * not found.
 */
export async function findListing(db: Db, { id, viewer = {} }: { id: string; viewer?: Viewer }) {
  if (!isListingId(id)) return null;
  const ownView = viewer.userId
    ? and(eq(listings.userId, viewer.userId), inArray(listings.status, ["active", "reserved", "swapped"]))
    : undefined;
  const [row] = await db
    .select({
      ...listingCardColumns(viewer),
      description: listings.description,
      suburb: listings.suburb,
      state: listings.state,
      postcode: listings.postcode,
      ownerSince: users.createdAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(listings.id, id), ownView ? (or(isPublicListing(), ownView) as SQL) : isPublicListing()));
  return row ?? null;
}
