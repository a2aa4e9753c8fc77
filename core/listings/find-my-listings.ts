import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listings } from "../../db/schema/listings";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { isUuid } from "../shared/ids";

export const MY_LISTINGS_PAGE_SIZE = 24;

/** The owner's own listings in every state but deleted, newest first, a page at a time (keyset). */
export async function findMyListings(
  db: Db,
  { ownerId, cursor, limit = MY_LISTINGS_PAGE_SIZE }: { ownerId: string; cursor?: string | null; limit?: number },
) {
  const after = isUuid(cursor) ? cursor : null;
  const rows = await db
    .select({
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
    })
    .from(listings)
    .where(
      and(
        eq(listings.userId, ownerId),
        ne(listings.status, "deleted"),
        afterRow(listings, { createdAt: listings.createdAt, id: listings.id }, after),
      ),
    )
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { listings: page, nextCursor };
}
