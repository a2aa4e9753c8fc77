import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { holdsAnyOf } from "./deal-items";
import { LISTING_NO_LONGER_AVAILABLE } from "./swap-guards";

/**
 * Declines every pending offer a listing is in, on either side, as 'Listing no longer available': staff removed
 * the listing, so nothing can be swapped for it or with it. Runs in the caller's transaction; returns the offers.
 */
export async function declineOffersOnListing(tx: Db, listingId: string, now: Date): Promise<string[]> {
  const declined = await tx
    .update(swapProposals)
    .set({ status: "rejected", rejectionReason: LISTING_NO_LONGER_AVAILABLE, respondedAt: now, updatedAt: now })
    .where(
      // On either side, in a bundle or not.
      and(eq(swapProposals.status, "pending"), holdsAnyOf([listingId])),
    )
    // A bare returning(): with an argument it does not type-check on the PGlite | PostgreSQL union.
    .returning();
  return declined.map((d) => d.id);
}
