import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";

/** The member's own active listings, which are the ones they may offer in a swap (not one held for review). */
export async function findOfferableListings(db: Db, { ownerId }: { ownerId: string }) {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      images: listings.images,
      valueMin: listings.valueMin,
      valueMax: listings.valueMax,
    })
    .from(listings)
    .where(and(eq(listings.userId, ownerId), eq(listings.status, "active"), eq(listings.moderationStatus, "approved")))
    .orderBy(desc(listings.createdAt));
}
