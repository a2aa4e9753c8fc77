import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { lockListingsInIdOrder } from "../listings/lock-listings-in-id-order";
import { circleDeal } from "../payments/fee-deal";
import { recordWaivedFees } from "../payments/record-waived-fees";
import { AppError, isAppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { declinePendingHolding } from "../swaps/decline-pending-holding";
import { type CircleCloseReason, cancelCirclesHolding } from "./cancel-circles-holding";
import { CIRCLE_PAYMENT_HOURS, settleCircleFee } from "./circle-fee";
import {
  CIRCLE_ALREADY_ACCEPTED,
  CIRCLE_LISTING_GONE,
  type CircleLegRow,
  findLegsAsMember,
  lockCircle,
  refuseUnlessAllActive,
  refuseUnlessCircleOpen,
} from "./circle-guards";

export type AcceptedCircle = {
  /** accepted: every member's fee is now due within 48 hours; arranging: fees are switched off (waived). */
  status: "offered" | "accepted" | "arranging";
  rejectedSwapIds: string[];
  cancelledCircleIds: string[];
};

/**
 * A member accepts a circle offered to them, in one transaction. Until the last member accepts nothing else
 * changes. The last acceptance reserves every listing of the circle at once (all or nothing), declines every
 * pending swap proposal holding any of them and cancels every other offered circle holding any of them.
 *
 * Locks, always in this order: the circle's listings (in id order, acceptSwap's global order, so circles and swaps
 * racing for a listing queue and never deadlock), then circle rows, then proposals. Every acceptance takes the
 * listings first, not only the last: the winner of a race then never waits on the row of a circle it cancels.
 * When a listing is no longer on offer at the last acceptance, everything rolls back (nothing stays reserved) and
 * the circle is then cancelled on its own.
 */
export async function acceptCircle(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { circleId, userId }: { circleId: string; userId: string },
): Promise<AcceptedCircle> {
  const { db } = deps;
  const now = deps.clock.now();
  try {
    const accepted = await db.transaction(async (tx): Promise<AcceptedCircle> => {
      const { legs, mine } = await findLegsAsMember(tx, { circleId, userId });
      const listingIds = legs.map((leg) => leg.listingId).sort();
      await lockListingsInIdOrder(tx, listingIds);
      refuseUnlessCircleOpen(await lockCircle(tx, circleId), now);
      if (mine.acceptedAt) throw new AppError("CONFLICT", CIRCLE_ALREADY_ACCEPTED);
      await refuseUnlessAllActive(
        tx,
        legs.map((leg) => leg.giverId),
      );
      await tx
        .update(swapCircleLegs)
        .set({ acceptedAt: now })
        .where(and(eq(swapCircleLegs.circleId, circleId), eq(swapCircleLegs.position, mine.position)));
      if (!isLastAcceptance(legs, mine)) return { status: "offered", rejectedSwapIds: [], cancelledCircleIds: [] };
      return goAhead(tx, { circleId, listingIds, memberIds: legs.map((leg) => leg.giverId), now });
    });
    await deliverAfterCommit(deps);
    return accepted;
  } catch (error) {
    // The rollback released everything; the circle can never go ahead now, so close it for everyone.
    if (isAppError(error) && error.message === CIRCLE_LISTING_GONE) {
      await cancelCircle(db, circleId, now, "listing_gone");
      await deliverAfterCommit(deps);
    }
    throw error;
  }
}

/** Whether every other member has accepted already (the circle row is locked, so no one else is answering). */
function isLastAcceptance(legs: CircleLegRow[], mine: CircleLegRow) {
  return legs.every((leg) => leg === mine || leg.acceptedAt !== null);
}

/** The last acceptance: reserve all the listings in one conditional update, then take them from everything else. */
async function goAhead(
  tx: Db,
  { circleId, listingIds, memberIds, now }: { circleId: string; listingIds: string[]; memberIds: string[]; now: Date },
): Promise<AcceptedCircle> {
  const reserved = await tx
    .update(listings)
    .set({ status: "reserved", updatedAt: now })
    .where(
      and(inArray(listings.id, listingIds), eq(listings.status, "active"), eq(listings.moderationStatus, "approved")),
    )
    .returning();
  // Throwing rolls back the reservations and this member's acceptance with them.
  if (reserved.length < listingIds.length) throw new AppError("CONFLICT", CIRCLE_LISTING_GONE);
  const paymentDueAt = new Date(now.getTime() + CIRCLE_PAYMENT_HOURS * 60 * 60 * 1000);
  await tx
    .update(swapCircles)
    .set({ status: "accepted", acceptedAt: now, paymentDueAt })
    .where(eq(swapCircles.id, circleId));
  const rejectedSwapIds = await declinePendingHolding(tx, { listingIds, now });
  const cancelledCircleIds = await cancelCirclesHolding(tx, { listingIds, exceptCircleId: circleId, now });
  if (await isFeatureEnabled(tx, "enable_swap_payments")) {
    await recordEvent(tx, { kind: "circle.accepted", subjectId: circleId });
    return { status: "accepted", rejectedSwapIds, cancelledCircleIds };
  }
  // Fees switched off: straight to the handshake, whose event settleCircleFee records.
  await waiveFees(tx, { circleId, memberIds, now });
  return { status: "arranging", rejectedSwapIds, cancelledCircleIds };
}

/**
 * Swap payments switched off: a zero 'waived' payment per member (the history says why nobody paid), and the
 * circle goes straight to its handshake, as acceptSwap does for a swap.
 */
async function waiveFees(tx: Db, { circleId, memberIds, now }: { circleId: string; memberIds: string[]; now: Date }) {
  await recordWaivedFees(tx, { deal: circleDeal(circleId), memberIds, now });
  let handshake = false;
  for (const userId of memberIds) handshake = await settleCircleFee(tx, { circleId, userId, now });
  if (!handshake) throw new Error(`waived circle ${circleId} did not reach the handshake`);
}

/** Closes a circle that is still offered, and tells its members, in a short transaction of its own. */
async function cancelCircle(db: Db, circleId: string, now: Date, reason: CircleCloseReason) {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(swapCircles)
      .set({ status: "cancelled", closedAt: now, closeReason: reason })
      .where(and(eq(swapCircles.id, circleId), eq(swapCircles.status, "offered"), isNull(swapCircles.closedAt)))
      .returning();
    if (cancelled) await recordEvent(tx, { kind: "circle.closed", subjectId: circleId, payload: { reason } });
  });
}
