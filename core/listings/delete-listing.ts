import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { holdsAnyOf } from "../swaps/deal-items";

export const LISTING_IN_SWAP =
  "This listing is part of an accepted or completed swap, so it can't be deleted. It stays in your swap history.";
export const LISTING_NOT_FOUND = "Listing not found";

/**
 * The owner removes a listing. It stays as a tombstone (status 'deleted') so swap and payment history
 * keeps pointing at it; pending proposals involving it are rejected in the same transaction.
 */
export async function deleteListing(
  deps: { db: Db; clock: Clock },
  { listingId, actorId }: { listingId: string; actorId: string },
) {
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", LISTING_NOT_FOUND);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Lock the row so a concurrent accept cannot reserve it while we delete it.
    const [listing] = await tx
      .select({ id: listings.id, status: listings.status })
      .from(listings)
      .where(and(eq(listings.id, listingId), eq(listings.userId, actorId)))
      .for("update");
    // Someone else's listing answers exactly like a missing one: nothing to learn, nothing changed.
    if (!listing || listing.status === "deleted") throw new AppError("NOT_FOUND", LISTING_NOT_FOUND);
    // In a swap on either side, in a bundle or not.
    const involved = holdsAnyOf([listingId]);
    const [busy] = await tx
      .select({ id: swapProposals.id })
      .from(swapProposals)
      .where(and(involved, inArray(swapProposals.status, ["accepted", "arranging", "completed"])))
      .limit(1);
    if (busy || listing.status === "reserved" || listing.status === "swapped")
      throw new AppError("CONFLICT", LISTING_IN_SWAP);

    await tx
      .update(listings)
      .set({ status: "deleted", deletedAt: now, updatedAt: now })
      .where(eq(listings.id, listingId));
    await tx
      .update(swapProposals)
      .set({ status: "rejected", rejectionReason: "Listing no longer available", respondedAt: now, updatedAt: now })
      .where(and(involved, eq(swapProposals.status, "pending")));
    await keepSavedSearchesInStep(tx, listingId);
  });
}
