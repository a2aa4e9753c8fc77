import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordStaffEvent } from "../events/record-event";
import { requireReason } from "../shared/reason";
import { dealListingIds } from "../swaps/deal-items";
import { swapDeal } from "./fee-deal";
import { letGoOfHolds, RELEASE_REASONS } from "./let-go-of-holds";
import { giveBackCredit, lockMemberCredit } from "./lock-member-credit";
import type { PaymentProvider } from "./payment-provider";
import { AppError } from "../shared/app-error";
import { logger } from "../shared/logger";
import type { Clock } from "../shared/clock";
import { settleHolds } from "./settle-holds";
import { lockSwapForStaff, type SwapChange } from "../swaps/staff-swap-guards";

export const ALREADY_CANCELLED = "This swap is already cancelled";
export const NOT_OPEN = "Only a pending or accepted swap can be cancelled";
/** What the parties' cards say under a swap staff cancelled (the staff reason goes to them by e-mail). */
export const CANCELLED_BY_STAFF = "Cancelled by SwapShed";
const CHECKOUT_CLOSED_BY_CANCEL = "The swap was cancelled by SwapShed before this payment finished";

/** Whether the back office offers Cancel swap for this status (the spec: disabled once rejected). */
export const isCancellable = (status: string) => status === "pending" || status === "accepted";

/**
 * An admin cancels a pending or accepted swap: it becomes rejected (the spec's word for it), listings it
 * reserved are active again, a checkout still open is closed (its payment failed and any credit it reserved
 * returned), both parties get an e-mail with the reason, and the audit row is written, all in one transaction.
 * A fee one side holds is let go (nothing was charged: the swap never reached the handshake). Fees captured before
 * holds existed stay paid: refunds are the admin's separate decision (Issue refund). After the commit, open
 * provider checkouts are expired and holds released (settleHolds).
 */
export async function cancelSwapAsStaff(
  deps: { db: Db; clock: Clock; provider: PaymentProvider; appUrl: string },
  change: SwapChange & { reason: unknown },
) {
  const reason = requireReason(change.reason);
  const { now, actor } = change;
  const result = await deps.db.transaction(async (tx) => {
    const swap = await lockSwapForStaff(tx, change.swapId);
    if (swap.status === "rejected") throw new AppError("CONFLICT", ALREADY_CANCELLED);
    if (!isCancellable(swap.status)) throw new AppError("CONFLICT", NOT_OPEN);

    await tx
      .update(swapProposals)
      .set({ status: "rejected", rejectionReason: CANCELLED_BY_STAFF, respondedAt: now, updatedAt: now })
      .where(eq(swapProposals.id, swap.id));
    const freed = await tx
      .update(listings)
      .set({ status: "active", updatedAt: now })
      .where(and(inArray(listings.id, await dealListingIds(tx, swap.id)), eq(listings.status, "reserved")))
      .returning();

    // Lock order shared with payments: swap, member profiles (in id order), payment rows.
    for (const userId of [swap.proposerId, swap.receiverId].sort()) await lockMemberCredit(tx, userId);
    const open = await tx
      .select()
      .from(paymentLogs)
      .where(and(eq(paymentLogs.swapProposalId, swap.id), eq(paymentLogs.status, "pending")))
      .for("update");
    for (const payment of open) {
      await tx
        .update(paymentLogs)
        .set({ status: "failed", errorMessage: CHECKOUT_CLOSED_BY_CANCEL, updatedAt: now })
        .where(eq(paymentLogs.id, payment.id));
      await giveBackCredit(tx, payment, "reversal", now);
    }
    // The swap never reached the handshake: a fee held by one side is let go, nothing charged (decision 102).
    const holdsReleased = await letGoOfHolds(tx, { deal: swapDeal(swap.id), reason: RELEASE_REASONS.cancelled, now });

    await recordStaffEvent(tx, { kind: "swap.cancelled_by_staff", subjectId: swap.id, payload: { reason } });

    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "cancel_swap",
      targetType: "swap",
      targetId: swap.id,
      metadata: {
        reason,
        before: { status: swap.status },
        after: { status: "rejected" },
        listingsFreed: freed.map((l) => l.id),
        checkoutsClosed: open.map((p) => p.id),
        holdsReleased,
        feesPaid: { proposer: swap.proposerPaid, receiver: swap.receiverPaid },
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return {
      sessions: open.flatMap((p) =>
        p.checkoutSessionId && p.provider === deps.provider.name ? [p.checkoutSessionId] : [],
      ),
    };
  });

  // A provider checkout left open could still take a card; a payment arriving anyway is refunded by the handler.
  for (const sessionId of result.sessions) {
    await deps.provider
      .expireCheckout(sessionId)
      .catch((error) => logger.warn("checkout not expired", { sessionId, error: String(error) }));
  }
  await settleHolds(deps).catch((error) => logger.error("hold settling failed", { error: String(error) }));
  await deliverAfterCommit({ db: deps.db, env: { APP_URL: deps.appUrl } });
  return { status: "rejected" as const };
}
