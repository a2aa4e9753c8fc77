import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listings } from "../../db/schema/listings";

/** The owner's own listings in every state but deleted, newest first. */
export async function findMyListings(db: Db, { ownerId }: { ownerId: string }) {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      category: listings.category,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
      valueMin: listings.valueMin,
      valueMax: listings.valueMax,
      location: listings.location,
      images: listings.images,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .where(and(eq(listings.userId, ownerId), ne(listings.status, "deleted")))
    .orderBy(desc(listings.createdAt), desc(listings.id));
}
