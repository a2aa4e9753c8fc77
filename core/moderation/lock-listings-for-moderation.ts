import { asc, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type ListingImage, listings } from "#db/schema/listings.ts";
import { listingStateColumns } from "./listing-state-columns";

/** What a moderation decision reads of a listing, with the row locked for the rest of the transaction. */
export type ListingUnderModeration = {
  id: string;
  userId: string;
  title: string;
  status: string;
  moderationStatus: string;
  isFlagged: boolean;
  images: ListingImage[];
};

/**
 * Locks the listings a decision is about, in id order (so two moderators acting on overlapping sets queue up
 * instead of deadlocking), and returns what the decision needs to know about each.
 */
export async function lockListingsForModeration(tx: Db, ids: string[]): Promise<ListingUnderModeration[]> {
  if (ids.length === 0) return [];
  return (await tx
    .select({ ...listingStateColumns, userId: listings.userId, isFlagged: listings.isFlagged, images: listings.images })
    .from(listings)
    .where(inArray(listings.id, ids))
    .orderBy(asc(listings.id))
    .for("update")) as ListingUnderModeration[];
}
