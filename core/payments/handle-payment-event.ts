import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { isUuid } from "../shared/ids";
import { creditBalance } from "./credit-balance";
import { giveBackCredit, lockMemberCredit, recordCredit } from "./lock-member-credit";
import { settleRefund } from "./settle-refund";
import { RELEASE_REASONS } from "./let-go-of-holds";
import {
  CHARGE_REFUNDED,
  CHECKOUT_COMPLETED,
  HOLD_CAPTURED,
  HOLD_RELEASED,
  PAYMENT_FAILED,
  type PaymentEvent,
} from "./payment-provider";
import { dealId } from "./fee-deal";
import { type LockedDeal, lockDealOfPayment } from "./fee-deals";

export const DEFAULT_FAILURE_MESSAGE = "Payment failed";
export const NO_MATCHING_PAYMENT = "No payment matches this event";
export const SESSION_MISMATCH = "The event's checkout session does not belong to its payment";
export const PAID_TWICE = "Held twice: this member had already paid for this swap. Released automatically.";
export const PAID_AFTER_CLOSE = "Held after the swap had closed. Released automatically.";
export const HOLD_ENDED = "The card's hold ended at the provider before both sides had paid.";
export const HOLD_ENDED_AFTER_HANDSHAKE =
  "The card's hold ended at the provider after the handshake, before it was captured: nothing was charged.";

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
  if (![CHECKOUT_COMPLETED, PAYMENT_FAILED, HOLD_CAPTURED, HOLD_RELEASED].includes(event.type))
    return { result: "ignored" };

  const found = await findPayment(tx, provider, event);
  if (!found) return { result: "ignored", error: NO_MATCHING_PAYMENT };
  if (event.sessionId && found.checkoutSessionId && event.sessionId !== found.checkoutSessionId) {
    return { result: "ignored", error: SESSION_MISMATCH };
  }

  // Lock order shared with startHandshakePayment: the deal (swap or circle), member profile, payment.
  const deal = await lockDealOfPayment(tx, found);
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

  if (event.type === HOLD_CAPTURED) return holdCaptured(tx, payment, now);
  if (event.type === HOLD_RELEASED) return holdReleased(tx, { deal, payment, now });

  // The checkout completed: the card is authorised (held). Anything past pending or failed has seen this already.
  if (payment.status !== "pending" && payment.status !== "failed") return { result: "duplicate" };
  if (payment.releaseReason) return { result: "duplicate" };

  const paidAlready = deal.paidAlready(payment.userId);
  // A payment that cannot count: the member already paid (an old tab's checkout finished after a newer one), or
  // the deal closed first (lapsed, cancelled), which includes a deadline already past when the money arrived.
  const closed = deal.closed(now);
  if (paidAlready || closed) {
    // The card is held: the row keeps the intent and its hold is let go (settle-holds.ts does it once the
    // transaction commits); credit reserved for it goes back now. Failed, not held: it never counted.
    await tx
      .update(paymentLogs)
      .set({
        status: "failed",
        errorMessage: paidAlready ? PAID_TWICE : PAID_AFTER_CLOSE,
        releaseReason: paidAlready ? RELEASE_REASONS.heldTwice : RELEASE_REASONS.afterClose,
        paymentIntentId: event.paymentIntentId ?? payment.paymentIntentId,
        updatedAt: now,
      })
      .where(eq(paymentLogs.id, payment.id));
    if (payment.status === "pending") await giveBackCredit(tx, payment, "reversal", now);
    logger.warn("a hold that cannot count is to be released", {
      paymentId: payment.id,
      deal: dealId(payment),
      paidAlready,
      closed,
    });
    return { result: "processed" };
  }

  // Out of order (failed, then completed): the failure gave the reserved credit back; take it again if
  // it is still there. The card is held either way, so the payment holds.
  const notes: string[] = [];
  let creditCents = payment.creditCents;
  if (payment.status === "failed" && payment.creditCents > 0) {
    creditCents = Math.min(Math.max(await creditBalance(tx, payment.userId), 0), payment.creditCents);
    await recordCredit(tx, {
      userId: payment.userId,
      amountCents: -creditCents,
      reason: "handshake_fee",
      deal: payment,
      now,
    });
    if (creditCents < payment.creditCents) {
      notes.push(
        `Credit shortfall: ${payment.creditCents - creditCents} cents of reserved credit had already been spent.`,
      );
    }
  }

  const [held] = await tx
    .update(paymentLogs)
    .set({
      status: "held",
      paymentIntentId: event.paymentIntentId ?? payment.paymentIntentId,
      checkoutSessionId: payment.checkoutSessionId ?? event.sessionId,
      creditCents,
      errorMessage: notes.length ? notes.join(" ") : null,
      updatedAt: now,
    })
    .where(and(eq(paymentLogs.id, payment.id), inArray(paymentLogs.status, ["pending", "failed"])))
    .returning();
  if (!held) return { result: "duplicate" };

  // The party's fee counts as paid once it is held; every side held makes the handshake, and settleHolds captures.
  await deal.settleFee(tx, payment.userId, now);
  return { result: "processed" };
}

/** The provider charged a hold (our capture): the fee is paid. A replay, or a hold already marked, changes nothing. */
async function holdCaptured(tx: Db, payment: typeof paymentLogs.$inferSelect, now: Date): Promise<Outcome> {
  if (payment.status !== "held") return { result: "duplicate" };
  await tx
    .update(paymentLogs)
    .set({ status: "completed", capturedAt: now, settlingAt: null, updatedAt: now })
    .where(eq(paymentLogs.id, payment.id));
  return { result: "processed" };
}

/**
 * The provider let a hold go. Usually that is ours (settle-holds.ts, after a lapse or a cancel): the hold becomes
 * released. If the provider ended it on its own while the deal still waits for payment, the member's fee no
 * longer counts (their credit comes back, they pay again); after the handshake it is left for staff to see.
 */
async function holdReleased(
  tx: Db,
  { deal, payment, now }: { deal: LockedDeal; payment: typeof paymentLogs.$inferSelect; now: Date },
): Promise<Outcome> {
  if (payment.releasedAt || (payment.status !== "held" && !payment.releaseReason)) return { result: "duplicate" };
  const ours = payment.releaseReason !== null;
  await tx
    .update(paymentLogs)
    .set({
      status: "released",
      releasedAt: now,
      settlingAt: null,
      releaseReason: payment.releaseReason ?? RELEASE_REASONS.providerEnded,
      ...(ours ? {} : { errorMessage: deal.waitingForPayment ? HOLD_ENDED : HOLD_ENDED_AFTER_HANDSHAKE }),
      updatedAt: now,
    })
    .where(eq(paymentLogs.id, payment.id));
  if (!ours) {
    await giveBackCredit(tx, payment, "reversal", now);
    await deal.releaseFee(tx, payment.userId, now);
    logger.warn("a hold ended at the provider", {
      paymentId: payment.id,
      deal: dealId(payment),
      waitingForPayment: deal.waitingForPayment,
    });
  }
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
      swapCircleId: paymentLogs.swapCircleId,
      userId: paymentLogs.userId,
      checkoutSessionId: paymentLogs.checkoutSessionId,
    })
    .from(paymentLogs)
    // A local event can never settle a Stripe payment, nor the reverse.
    .where(and(match, eq(paymentLogs.provider, provider)));
  return payment ?? null;
}
