import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import {
  circleClosedToFees,
  circleFeePaid,
  describeCircleFee,
  lockCircleForPayer,
  lockCircleWithLegs,
  releaseCircleFee,
  settleCircleFee,
} from "../circles/circle-fee";
import { AppError } from "../shared/app-error";
import { offered, onSwap, swapTitleColumns, target } from "../shared/swap-columns";
import { settlePartyFee } from "../swaps/complete-swap-if-paid";
import { lockSwapAsParty, refuseUnlessBothActive } from "../swaps/swap-guards";
import type { FeeDeal } from "./fee-deal";
import { releasePaidFee } from "./release-paid-fee";

// The two kinds of deal a handshake fee is paid for (decision 105), behind one shape: paying (startFeePayment) and
// the provider's webhook (handlePaymentEvent) lock the deal first, ask it the same questions and tell it the same
// things, whichever kind it is.

export const NOT_WAITING_FOR_PAYMENT = "This swap is not waiting for payment";
export const ALREADY_PAID = "You have already paid for this swap";
export const PAYMENT_WINDOW_CLOSED = "The 48 hours to pay for this swap have passed, so it has lapsed.";

/** A deal locked by a payment's webhook (lock order: the deal, the member's credit, the payment row). */
export type LockedDeal = {
  /** Whether this member's fee counts already. */
  paidAlready(userId: string): boolean;
  /** Whether the deal no longer takes fees (closed, or past its deadline). */
  closed(now: Date): boolean;
  /** Whether it is still waiting for fees (before the handshake). */
  waitingForPayment: boolean;
  /** Its status as it stands (for the audit trail). */
  status: string;
  /** The member's fee is held: mark it, and make the handshake if it was the last. */
  settleFee(tx: Db, userId: string, now: Date): Promise<void>;
  /** The member's fee was given back before the handshake: it no longer counts. Returns whether it counted. */
  releaseFee(tx: Db, userId: string, now: Date): Promise<boolean>;
};

/** The deal a payment row is for, locked. */
export async function lockDealOfPayment(tx: Db, deal: FeeDeal): Promise<LockedDeal> {
  if (deal.swapCircleId) {
    const circle = await lockCircleWithLegs(tx, deal.swapCircleId);
    if (!circle) throw new Error(`payment for a missing swap circle ${deal.swapCircleId}`);
    return {
      paidAlready: (userId) => circleFeePaid(circle, userId),
      closed: (now) => circleClosedToFees(circle, now),
      waitingForPayment: circle.status === "accepted",
      status: circle.status,
      settleFee: async (t, userId, now) => {
        await settleCircleFee(t, { circleId: circle.id, userId, now });
      },
      releaseFee: (t, userId) => releaseCircleFee(t, { circle, userId }),
    };
  }
  const [swap] = await tx
    .select()
    .from(swapProposals)
    .where(eq(swapProposals.id, deal.swapProposalId ?? ""))
    .for("update");
  if (!swap) throw new Error(`payment for a missing swap ${deal.swapProposalId}`);
  return {
    paidAlready: (userId) => (swap.proposerId === userId ? swap.proposerPaid : swap.receiverPaid),
    closed: (now) => swap.status !== "accepted" || (swap.paymentDueAt !== null && swap.paymentDueAt <= now),
    waitingForPayment: swap.status === "accepted",
    status: swap.status,
    settleFee: async (t, userId, now) => {
      await settlePartyFee(t, { swapId: swap.id, userId, now });
    },
    releaseFee: (t, userId, now) => releasePaidFee(t, { swap, userId, now }),
  };
}

/** A deal its member is about to pay for, locked, with what their checkout is called. */
export type PayableDeal = {
  describe(tx: Db): Promise<string>;
  settleFee(tx: Db, now: Date): Promise<void>;
};

/**
 * Locks the deal for its member about to pay, or refuses (changing nothing): a stranger is told it does not
 * exist; a deal not waiting for payment, past its 48 hours, or already paid by this member is refused; so is one
 * whose other member's account is no longer active.
 */
export async function lockDealForPayer(
  tx: Db,
  { deal, userId, now }: { deal: FeeDeal; userId: string; now: Date },
): Promise<PayableDeal> {
  if (deal.swapCircleId) {
    const circle = await lockCircleForPayer(tx, { circleId: deal.swapCircleId, userId, now });
    return {
      describe: (t) => describeCircleFee(t, { circle, userId }),
      settleFee: async (t, at) => {
        await settleCircleFee(t, { circleId: circle.id, userId, now: at });
      },
    };
  }
  const swapId = deal.swapProposalId ?? "";
  // The swap lock queues this against webhooks settling the same swap; a stranger locks nothing.
  const swap = await lockSwapAsParty(tx, { swapId, actorId: userId });
  if (swap.status !== "accepted") throw new AppError("CONFLICT", NOT_WAITING_FOR_PAYMENT);
  // The deadline holds whatever the lapse job has done yet, as proposal expiry does.
  if (swap.paymentDueAt && swap.paymentDueAt <= now) throw new AppError("CONFLICT", PAYMENT_WINDOW_CLOSED);
  if (swap.proposerId === userId ? swap.proposerPaid : swap.receiverPaid) throw new AppError("CONFLICT", ALREADY_PAID);
  await refuseUnlessBothActive(tx, swap);
  return {
    // Named as notices and staff lists name it: a bundle's further listings counted ("Kayak + 1 more").
    describe: async (t) => {
      const [names] = await t
        .select(swapTitleColumns)
        .from(swapProposals)
        .leftJoin(offered, onSwap.offered)
        .leftJoin(target, onSwap.target)
        .where(eq(swapProposals.id, swapId));
      return `SwapShed handshake fee: ${names?.offeredTitle ?? "a listing"} for ${names?.targetTitle ?? "a listing"}`;
    },
    settleFee: async (t, at) => {
      await settlePartyFee(t, { swapId, userId, now: at });
    },
  };
}
