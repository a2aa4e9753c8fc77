import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { lockMemberCredit } from "./lock-member-credit";
import type { PaymentEvent } from "./payment-provider";
import { isUuid } from "../shared/ids";
import { lockDealOfPayment } from "./fee-deals";

export const NO_REFUNDED_PAYMENT = "No payment matches this refund";
export const PARTIAL_REFUND = "Partial refund: the payment is left as it is";

/** Why a refund was made, kept on the payment (beside the automatic ones: charged_twice, paid_after_close, swap_lapsed). */
export const ADMIN_REFUND = "admin_refund";
/** Refunded from the provider's own dashboard: we learn of it only from its webhook. */
export const PROVIDER_REFUND = "provider_refund";

/**
 * A `charge.refunded` event, inside the payment handler's transaction (so once per event id): the payment it
 * gave back becomes refunded, whoever started the refund (an admin here, an owed refund, or someone in the
 * provider's dashboard). A fee refunded while its swap is still open no longer counts for that swap.
 */
export async function settleRefund(
  tx: Db,
  { provider, event, now }: { provider: "local" | "stripe"; event: PaymentEvent; now: Date },
): Promise<{ result: "processed" | "duplicate" | "ignored"; error?: string }> {
  const match = isUuid(event.paymentId)
    ? eq(paymentLogs.id, event.paymentId)
    : event.paymentIntentId
      ? eq(paymentLogs.paymentIntentId, event.paymentIntentId)
      : null;
  const [found] = match
    ? await tx
        .select({
          id: paymentLogs.id,
          swapProposalId: paymentLogs.swapProposalId,
          swapCircleId: paymentLogs.swapCircleId,
          userId: paymentLogs.userId,
        })
        .from(paymentLogs)
        .where(and(match, eq(paymentLogs.provider, provider)))
    : [];
  if (!found) return { result: "ignored", error: NO_REFUNDED_PAYMENT };
  if (!event.refund?.full) return { result: "ignored", error: PARTIAL_REFUND };

  // Lock order shared with every payment change: the deal (swap or circle), member profile, payment.
  const deal = await lockDealOfPayment(tx, found);
  await lockMemberCredit(tx, found.userId);
  const [payment] = await tx.select().from(paymentLogs).where(eq(paymentLogs.id, found.id)).for("update");
  if (payment.refundedAt) return { result: "duplicate" };

  await tx
    .update(paymentLogs)
    .set({ status: "refunded", refundedAt: now, refundReason: payment.refundReason ?? PROVIDER_REFUND, updatedAt: now })
    .where(eq(paymentLogs.id, payment.id));
  if (payment.status === "completed") await deal.releaseFee(tx, payment.userId, now);
  return { result: "processed" };
}
