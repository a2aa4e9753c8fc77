import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordEvent } from "../events/record-event";
import { holdsAnyOf, otherPendingHolding } from "./deal-items";
import { LISTING_NO_LONGER_AVAILABLE } from "./swap-guards";

/**
 * Declines every pending proposal holding any of these listings (on either side, in a bundle or not), other than
 * `exceptSwapId`: what accepting a deal (a swap, or a swap circle) does to the offers it takes listings from. Call
 * it in the accepting transaction, after the listings are locked. The proposers are told, as if declined.
 * Returns the declined proposals' ids.
 */
export async function declinePendingHolding(
  tx: Db,
  { listingIds, exceptSwapId, now }: { listingIds: string[]; exceptSwapId?: string; now: Date },
): Promise<string[]> {
  const others = exceptSwapId
    ? otherPendingHolding(listingIds, exceptSwapId)
    : and(eq(swapProposals.status, "pending"), holdsAnyOf(listingIds));
  const rejected = await tx
    .update(swapProposals)
    .set({ status: "rejected", rejectionReason: LISTING_NO_LONGER_AVAILABLE, respondedAt: now, updatedAt: now })
    .where(
      and(
        others,
        // Locked in id order too, so two accepts rejecting overlapping sets cannot deadlock.
        inArray(
          swapProposals.id,
          tx.select({ id: swapProposals.id }).from(swapProposals).where(others).orderBy(swapProposals.id).for("update"),
        ),
      ),
    )
    .returning();
  const rejectedIds = rejected.map((r) => r.id);
  for (const closed of rejectedIds) await recordEvent(tx, { kind: "swap.declined", subjectId: closed });
  return rejectedIds;
}
