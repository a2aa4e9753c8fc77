import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { requireReason } from "../shared/reason";
import { isUuid } from "../shared/ids";
import { giveBackCredit, lockMemberCredit } from "./lock-member-credit";
import type { PaymentProvider } from "./payment-provider";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import type { StaffActor } from "../staff/pass-staff-gate";
import { lockDealOfPayment } from "./fee-deals";
import { ADMIN_REFUND } from "./settle-refund";

export const PAYMENT_NOT_FOUND = "Payment not found";
export const ALREADY_REFUNDED = "This payment has already been refunded";
export const REFUND_UNDER_WAY = "A refund of this payment is already under way";
export const ONLY_COMPLETED = "Only a completed payment can be refunded";
export const NOTHING_PAID = "Nothing was paid for this fee: it was waived";
export const OTHER_PROVIDER = "This payment was taken by another payment provider than the one configured";

export type RefundOutcome = { paymentId: string; status: "refunded" | "owed"; refundId: string | null };

/**
 * An admin gives a completed handshake fee back. One transaction claims the payment (under its row lock, so of
 * many refunds at once exactly one gets through), returns any account credit it used to the ledger, frees the
 * fee of a swap still waiting for payment, and writes the audit row. The card part then goes back through the
 * provider (idempotent per payment) after the commit; the provider's charge.refunded webhook, or this call's
 * answer, whichever comes first, marks the payment refunded. If the provider does not answer, the refund stays
 * owed and the background run retries it (refund-owed-payments.ts).
 */
export async function issueRefund(
  deps: { db: Db; clock: Clock; provider: PaymentProvider },
  { actor, paymentId, reason: rawReason }: { actor: StaffActor; paymentId: string; reason: unknown },
): Promise<RefundOutcome> {
  const reason = requireReason(rawReason);
  if (!isUuid(paymentId)) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  const now = deps.clock.now();

  const claim = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        swapProposalId: paymentLogs.swapProposalId,
        swapCircleId: paymentLogs.swapCircleId,
        userId: paymentLogs.userId,
      })
      .from(paymentLogs)
      .where(eq(paymentLogs.id, paymentId));
    if (!found) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    // Lock order shared with every payment change: the deal (swap or circle), member profile, payment.
    const deal = await lockDealOfPayment(tx, found);
    await lockMemberCredit(tx, found.userId);
    const [payment] = await tx.select().from(paymentLogs).where(eq(paymentLogs.id, paymentId)).for("update");

    if (payment.status === "refunded") throw new AppError("CONFLICT", ALREADY_REFUNDED);
    if (payment.status !== "completed") throw new AppError("CONFLICT", ONLY_COMPLETED);
    if (payment.refundReason) throw new AppError("CONFLICT", REFUND_UNDER_WAY);
    const card = payment.amountCents > 0;
    if (card && (payment.provider !== deps.provider.name || !payment.paymentIntentId)) {
      throw new AppError("CONFLICT", OTHER_PROVIDER);
    }
    if (!card && payment.creditCents === 0) throw new AppError("CONFLICT", NOTHING_PAID);

    await tx
      .update(paymentLogs)
      .set(
        card
          ? { refundReason: ADMIN_REFUND, updatedAt: now }
          : { refundReason: ADMIN_REFUND, status: "refunded", refundedAt: now, updatedAt: now },
      )
      .where(eq(paymentLogs.id, payment.id));
    await giveBackCredit(tx, payment, "refund", now);
    const feeReleased = await deal.releaseFee(tx, payment.userId, now);
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "issue_refund",
      targetType: "payment",
      targetId: payment.id,
      metadata: {
        reason,
        swapId: payment.swapProposalId,
        ...(payment.swapCircleId ? { circleId: payment.swapCircleId } : {}),
        memberId: payment.userId,
        provider: payment.provider,
        paymentIntentId: payment.paymentIntentId,
        amountCents: payment.amountCents,
        creditCents: payment.creditCents,
        swapStatus: deal.status,
        feeReleased,
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { card, paymentIntentId: payment.paymentIntentId, amountCents: payment.amountCents };
  });

  if (!claim.card || !claim.paymentIntentId) return { paymentId, status: "refunded", refundId: null };
  try {
    const { refundId } = await deps.provider.refund({
      paymentIntentId: claim.paymentIntentId,
      amountCents: claim.amountCents,
      now: deps.clock.now(),
    });
    const done = deps.clock.now();
    await deps.db
      .update(paymentLogs)
      .set({ status: "refunded", refundedAt: done, updatedAt: done })
      .where(and(eq(paymentLogs.id, paymentId), isNull(paymentLogs.refundedAt)));
    return { paymentId, status: "refunded", refundId };
  } catch (error) {
    logger.error("refund not confirmed by the provider; retried by the background run", {
      paymentId,
      error: String(error),
    });
    return { paymentId, status: "owed", refundId: null };
  }
}
