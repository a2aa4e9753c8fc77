import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { newestFirst, pageOf } from "../shared/keyset-cursor";

export const MY_LISTINGS_PAGE_SIZE = 24;

/** What My Listings shows of each listing: the fields, both states (and why it was taken down) and its pictures. */
const ownListingColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  category: listings.category,
  status: listings.status,
  moderationStatus: listings.moderationStatus,
  takedownReason: listings.takedownReason,
  valueMin: listings.valueMin,
  valueMax: listings.valueMax,
  location: listings.location,
  images: listings.images,
  createdAt: listings.createdAt,
};

/** The owner's own listings in every state but deleted, newest first, a page at a time (keyset). */
export async function findMyListings(
  db: Db,
  { ownerId, cursor, limit = MY_LISTINGS_PAGE_SIZE }: { ownerId: string; cursor?: string | null; limit?: number },
) {
  const keyset = newestFirst(listings, cursor);
  const rows = await db
    .select(ownListingColumns)
    .from(listings)
    .where(and(eq(listings.userId, ownerId), ne(listings.status, "deleted"), keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { listings: page, nextCursor };
}
