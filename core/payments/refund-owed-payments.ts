import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import type { PaymentProvider } from "./payment-provider";

/**
 * Refunds, through the provider, every card payment the product owes back: charged twice, paid after the swap
 * closed, or paid for a swap that lapsed. Runs after the transactions that decided it (the webhook, the lapse
 * job) and again on every scheduler tick, so a provider that was down is retried. Each refund is idempotent at
 * the provider (keyed by the payment intent and amount) and recorded once (refunded_at, conditional update).
 */
export async function refundOwedPayments(deps: { db: Db; clock: Clock; provider: PaymentProvider }): Promise<string[]> {
  const owed = await deps.db
    .select({
      id: paymentLogs.id,
      paymentIntentId: paymentLogs.paymentIntentId,
      amountCents: paymentLogs.amountCents,
      provider: paymentLogs.provider,
    })
    .from(paymentLogs)
    .where(and(isNotNull(paymentLogs.refundReason), isNull(paymentLogs.refundedAt)))
    .limit(100);
  const refunded: string[] = [];
  for (const payment of owed) {
    if (payment.provider !== deps.provider.name || !payment.paymentIntentId) continue;
    try {
      await deps.provider.refund({
        paymentIntentId: payment.paymentIntentId,
        amountCents: payment.amountCents,
        now: deps.clock.now(),
      });
    } catch (error) {
      logger.error("refund failed; retried on the next run", { paymentId: payment.id, error: String(error) });
      continue;
    }
    const now = deps.clock.now();
    const [done] = await deps.db
      .update(paymentLogs)
      .set({ status: "refunded", refundedAt: now, updatedAt: now })
      .where(and(eq(paymentLogs.id, payment.id), isNull(paymentLogs.refundedAt)))
      .returning();
    // The provider's charge.refunded webhook may have recorded it first (the local one arrives before refund returns).
    if (done || (await isRefunded(deps.db, payment.id))) refunded.push(payment.id);
  }
  return refunded;
}

async function isRefunded(db: Db, id: string) {
  const [row] = await db.select({ refundedAt: paymentLogs.refundedAt }).from(paymentLogs).where(eq(paymentLogs.id, id));
  return row?.refundedAt != null;
}
