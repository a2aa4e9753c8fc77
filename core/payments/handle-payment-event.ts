import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { settlePartyFee } from "../swaps/complete-swap-if-paid";
import { isUuid } from "../shared/ids";
import { creditBalance } from "./credit-balance";
import { giveBackCredit, lockMemberCredit, recordCredit } from "./lock-member-credit";
import { settleRefund } from "./settle-refund";
import { CHARGE_REFUNDED, CHECKOUT_COMPLETED, PAYMENT_FAILED, type PaymentEvent } from "./payment-provider";

export const DEFAULT_FAILURE_MESSAGE = "Payment failed";
export const NO_MATCHING_PAYMENT = "No payment matches this event";
export const SESSION_MISMATCH = "The event's checkout session does not belong to its payment";
export const PAID_TWICE = "Charged twice: this member had already paid for this swap. Refunded automatically.";
export const PAID_AFTER_CLOSE = "Paid after the swap had closed. Refunded automatically.";

export type PaymentEventResult = "processed" | "duplicate" | "ignored";
type Outcome = { result: PaymentEventResult; error?: string };

/**
 * Settles a payment from a verified provider event, once per event id however often (or however
 * concurrently) the provider delivers it. The event is stored first, then processed under a lock on its
 * row; the row is marked processed in the same transaction as the payment it settled.
 */
export async function handlePaymentEvent(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { provider, event }: { provider: "local" | "stripe"; event: PaymentEvent },
): Promise<PaymentEventResult> {
  const now = deps.clock.now();
  await deps.db
    .insert(webhookEvents)
    .values({ id: event.id, provider, type: event.type, payload: event.raw ?? {}, status: "received", receivedAt: now })
    .onConflictDoNothing({ target: webhookEvents.id });

  let result: PaymentEventResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      const [stored] = await tx
        .select({ status: webhookEvents.status })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, event.id))
        .for("update");
      // A delivery that waited on the lock sees what the first one committed.
      if (stored?.status === "processed") return "duplicate";

      const outcome = await settle(tx, provider, event, now);
      await tx
        .update(webhookEvents)
        .set(
          outcome.error
            ? { status: "failed", error: outcome.error }
            : { status: "processed", processedAt: now, error: null },
        )
        .where(eq(webhookEvents.id, event.id));
      if (outcome.error)
        logger.warn("payment webhook not applied", { eventId: event.id, type: event.type, error: outcome.error });
      return outcome.result;
    });
  } catch (error) {
    // Left visible for the logs and the replay tool; the provider gets a 500 and retries.
    await deps.db
      .update(webhookEvents)
      .set({ status: "failed", error: String(error instanceof Error ? error.message : error) })
      .where(and(eq(webhookEvents.id, event.id), ne(webhookEvents.status, "processed")));
    throw error;
  }
  if (result === "processed") await deliverAfterCommit(deps);
  return result;
}

async function settle(tx: Db, provider: "local" | "stripe", event: PaymentEvent, now: Date): Promise<Outcome> {
  if (event.type === CHARGE_REFUNDED) return settleRefund(tx, { provider, event, now });
  if (event.type !== CHECKOUT_COMPLETED && event.type !== PAYMENT_FAILED) return { result: "ignored" };

  const found = await findPayment(tx, provider, event);
  if (!found) return { result: "ignored", error: NO_MATCHING_PAYMENT };
  if (event.sessionId && found.checkoutSessionId && event.sessionId !== found.checkoutSessionId) {
    return { result: "ignored", error: SESSION_MISMATCH };
  }

  // Lock order shared with startHandshakePayment: swap, member profile, payment.
  const [swap] = await tx.select().from(swapProposals).where(eq(swapProposals.id, found.swapProposalId)).for("update");
  await lockMemberCredit(tx, found.userId);
  const [payment] = await tx.select().from(paymentLogs).where(eq(paymentLogs.id, found.id)).for("update");

  if (event.type === PAYMENT_FAILED) {
    // Only a pending payment can fail: a failure arriving after the completion changes nothing.
    const [failed] = await tx
      .update(paymentLogs)
      .set({
        status: "failed",
        errorMessage: event.failureMessage ?? DEFAULT_FAILURE_MESSAGE,
        paymentIntentId: payment.paymentIntentId ?? event.paymentIntentId,
        updatedAt: now,
      })
      .where(and(eq(paymentLogs.id, payment.id), eq(paymentLogs.status, "pending")))
      .returning();
    if (failed) await giveBackCredit(tx, payment, "reversal", now);
    return { result: "processed" };
  }

  if (payment.status === "completed" || payment.status === "refunded") return { result: "duplicate" };

  const paidAlready = swap.proposerId === payment.userId ? swap.proposerPaid : swap.receiverPaid;
  // A payment that cannot count: the member already paid (an old tab's checkout finished after a newer one), or
  // the swap closed first (lapsed, cancelled), which includes a deadline already past when the money arrived.
  const closed = swap.status !== "accepted" || (swap.paymentDueAt !== null && swap.paymentDueAt <= now);
  if (paidAlready || closed) {
    // The card was charged: the row keeps the intent and is owed back (refund-owed-payments.ts does it once the
    // transaction commits); credit reserved for it goes back now.
    await tx
      .update(paymentLogs)
      .set({
        status: "failed",
        errorMessage: paidAlready ? PAID_TWICE : PAID_AFTER_CLOSE,
        refundReason: paidAlready ? "charged_twice" : "paid_after_close",
        paymentIntentId: event.paymentIntentId ?? payment.paymentIntentId,
        updatedAt: now,
      })
      .where(eq(paymentLogs.id, payment.id));
    if (payment.status === "pending") await giveBackCredit(tx, payment, "reversal", now);
    logger.warn("a payment that cannot count is to be refunded", {
      paymentId: payment.id,
      swapId: swap.id,
      paidAlready,
      closed,
    });
    return { result: "processed" };
  }

  // Out of order (failed, then completed): the failure gave the reserved credit back; take it again if
  // it is still there. The card paid either way, so the payment completes.
  const notes: string[] = [];
  let creditCents = payment.creditCents;
  if (payment.status === "failed" && payment.creditCents > 0) {
    creditCents = Math.min(Math.max(await creditBalance(tx, payment.userId), 0), payment.creditCents);
    await recordCredit(tx, {
      userId: payment.userId,
      amountCents: -creditCents,
      reason: "handshake_fee",
      swapProposalId: swap.id,
      now,
    });
    if (creditCents < payment.creditCents) {
      notes.push(
        `Credit shortfall: ${payment.creditCents - creditCents} cents of reserved credit had already been spent.`,
      );
    }
  }

  const [completed] = await tx
    .update(paymentLogs)
    .set({
      status: "completed",
      paymentIntentId: event.paymentIntentId ?? payment.paymentIntentId,
      checkoutSessionId: payment.checkoutSessionId ?? event.sessionId,
      creditCents,
      errorMessage: notes.length ? notes.join(" ") : null,
      updatedAt: now,
    })
    .where(and(eq(paymentLogs.id, payment.id), inArray(paymentLogs.status, ["pending", "failed"])))
    .returning();
  if (!completed) return { result: "duplicate" };

  await settlePartyFee(tx, { swapId: swap.id, userId: payment.userId, now });
  return { result: "processed" };
}

/** The payment the event is about: by our id (metadata), else by checkout session or payment intent. */
async function findPayment(tx: Db, provider: "local" | "stripe", event: PaymentEvent) {
  const match = isUuid(event.paymentId)
    ? eq(paymentLogs.id, event.paymentId)
    : event.sessionId
      ? eq(paymentLogs.checkoutSessionId, event.sessionId)
      : event.paymentIntentId
        ? eq(paymentLogs.paymentIntentId, event.paymentIntentId)
        : null;
  if (!match) return null;
  const [payment] = await tx
    .select({
      id: paymentLogs.id,
      swapProposalId: paymentLogs.swapProposalId,
      userId: paymentLogs.userId,
      checkoutSessionId: paymentLogs.checkoutSessionId,
    })
    .from(paymentLogs)
    // A local event can never settle a Stripe payment, nor the reverse.
    .where(and(match, eq(paymentLogs.provider, provider)));
  return payment ?? null;
}
