import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { cancelCirclesHolding } from "../circles/cancel-circles-holding";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { lockListingsInIdOrder } from "../listings/lock-listings-in-id-order";
import { swapDeal } from "../payments/fee-deal";
import { recordWaivedFees } from "../payments/record-waived-fees";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { handshakeIfPaid, markPartyPaid } from "./complete-swap-if-paid";
import { dealListingIds } from "./deal-items";
import { declinePendingHolding } from "./decline-pending-holding";
import {
  answerPendingSwap,
  findSwapAsParty,
  LISTING_NO_LONGER_AVAILABLE,
  offerAnswerer,
  refuseUnlessBothActive,
  refuseUnlessOpen,
  YOUR_OWN_OFFER,
} from "./swap-guards";

export const ONLY_RECEIVER_ACCEPTS = "Only the receiver can accept this proposal";
/** Both fees are due within this many hours of acceptance, or the swap lapses (lapse-unpaid-swaps.ts). */
export const PAYMENT_WINDOW_HOURS = 48;

/**
 * The receiver accepts a pending proposal, in one transaction: the proposal becomes accepted, every listing of the
 * deal reserved (both, or all of a bundle's), and every other pending proposal holding any of them rejected. With swap payments switched off
 * the fee is waived and the swap goes straight to the handshake (arranging).
 *
 * Race safety does not rest on the reads: each change is a conditional UPDATE ... RETURNING, so of any
 * number of accepts racing for one listing exactly one reserves it and the others roll back.
 */
export async function acceptSwap(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, actorId }: { swapId: string; actorId: string },
): Promise<{ status: "accepted" | "arranging"; rejectedIds: string[] }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const swap = await findSwapAsParty(tx, { swapId, actorId });
    // The receiver, or after a counter-offer whoever it was made to (decision 103).
    if (offerAnswerer(swap) !== actorId)
      throw new AppError("FORBIDDEN", swap.offerById ? YOUR_OWN_OFFER : ONLY_RECEIVER_ACCEPTS);
    refuseUnlessOpen(swap, now);
    await refuseUnlessBothActive(tx, swap);
    // Every listing of the deal (two, or up to five in a bundle), in id order.
    const pair = await dealListingIds(tx, swap.id);

    // Lock the deal's listings in id order before touching any proposal. Every accept takes its locks in this
    // order, so racing accepts queue on the listing instead of deadlocking over each other's proposals.
    await lockListingsInIdOrder(tx, pair);

    const paymentDueAt = new Date(now.getTime() + PAYMENT_WINDOW_HOURS * 60 * 60 * 1000);
    await answerPendingSwap(tx, {
      swapId,
      actorId,
      as: "answerer",
      now,
      set: { status: "accepted", acceptedAt: now, paymentDueAt },
    });

    const reserved = await tx
      .update(listings)
      .set({ status: "reserved", updatedAt: now })
      .where(and(inArray(listings.id, pair), eq(listings.status, "active"), eq(listings.moderationStatus, "approved")))
      .returning();
    // Throwing rolls the acceptance back with it.
    if (reserved.length < pair.length) throw new AppError("CONFLICT", LISTING_NO_LONGER_AVAILABLE);

    // Every other pending proposal holding any of the deal's listings, on either side, in a bundle or not.
    const rejectedIds = await declinePendingHolding(tx, { listingIds: pair, exceptSwapId: swapId, now });
    // And every swap circle offered with any of them can no longer go ahead (decision 104).
    await cancelCirclesHolding(tx, { listingIds: pair, now });
    // The thread about the listing carries on as the deal's thread.
    await recordThreadEvent(tx, { swap, kind: "accepted", actorId, now });

    if (await isFeatureEnabled(tx, "enable_swap_payments")) {
      await recordEvent(tx, { kind: "swap.accepted", subjectId: swapId, payload: { actorId } });
      return { status: "accepted" as const, rejectedIds };
    }

    // Fee waived: a zero 'waived' payment per party keeps the history honest about why nobody paid.
    await recordWaivedFees(tx, { deal: swapDeal(swapId), memberIds: [swap.proposerId, swap.receiverId], now });
    await markPartyPaid(tx, { swapId, userId: swap.proposerId, now });
    await markPartyPaid(tx, { swapId, userId: swap.receiverId, now });
    if (!(await handshakeIfPaid(tx, { swapId, now })))
      throw new Error(`waived swap ${swapId} did not reach the handshake`);
    await recordEvent(tx, { kind: "swap.handshake", subjectId: swapId });
    return { status: "arranging" as const, rejectedIds };
  });
  await deliverAfterCommit(deps);
  return result;
}
