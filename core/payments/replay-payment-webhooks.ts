import { and, asc, gte, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { webhookEvents } from "#db/schema/payments.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { paymentEventFromStripeShape } from "./event-shape";
import { handlePaymentEvent } from "./handle-payment-event";
import { CHECKOUT_COMPLETED, PAYMENT_FAILED, type PaymentProvider } from "./payment-provider";
import { refundOwedPayments } from "./refund-owed-payments";
import { settleHolds } from "./settle-holds";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import type { StaffActor } from "../staff/pass-staff-gate";
import { deliverAfterCommit } from "../events/deliver-after-commit";

/** The spec's call: these two event types, received in the last 24 hours. */
export const REPLAY_EVENT_TYPES = [CHECKOUT_COMPLETED, PAYMENT_FAILED];
export const REPLAY_SINCE_HOURS = 24;
/** One run re-processes at most this many events, oldest first; a second run takes the rest. */
export const REPLAY_MAX_EVENTS = 1000;

export type ReplayResult = { replayed: number; processed: number; duplicate: number; ignored: number; failed: number };

/**
 * "Replay payment webhooks": the stored checkout.session.completed and payment_intent.payment_failed events of
 * the last 24 hours go through the same idempotent handler as a live delivery, oldest first. An event already
 * processed comes back as a duplicate and changes nothing, so replaying twice changes nothing; one that failed
 * (say, it arrived before its payment existed) gets another go. The run and its audit row are one transaction
 * (each event in its own savepoint, so one bad event does not undo the others). After the commit, payments
 * the replay settled are announced to their parties (their events) and refunds they made owed are made.
 */
export async function replayPaymentWebhooks(
  deps: { db: Db; clock: Clock; provider: PaymentProvider; appUrl: string },
  { actor }: { actor: StaffActor },
): Promise<ReplayResult> {
  const since = new Date(deps.clock.now().getTime() - REPLAY_SINCE_HOURS * 60 * 60 * 1000);
  const result = await deps.db.transaction(async (tx) => {
    const stored = await tx
      .select({ id: webhookEvents.id, provider: webhookEvents.provider, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(and(inArray(webhookEvents.type, REPLAY_EVENT_TYPES), gte(webhookEvents.receivedAt, since)))
      .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id))
      .limit(REPLAY_MAX_EVENTS);
    const counts: ReplayResult = { replayed: stored.length, processed: 0, duplicate: 0, ignored: 0, failed: 0 };
    for (const row of stored) {
      try {
        const event = paymentEventFromStripeShape(row.payload);
        const outcome = await handlePaymentEvent({ db: tx, clock: deps.clock }, { provider: row.provider, event });
        counts[outcome] += 1;
      } catch (error) {
        counts.failed += 1;
        logger.warn("replayed payment event failed", { eventId: row.id, error: String(error) });
      }
    }
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "replay_webhooks",
      targetType: "system",
      targetId: null,
      metadata: {
        eventTypes: REPLAY_EVENT_TYPES,
        sinceHours: REPLAY_SINCE_HOURS,
        since: since.toISOString(),
        ...counts,
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return counts;
  });

  // The payments the replay settled recorded their events (swap.paid, swap.handshake) in its transaction.
  await deliverAfterCommit({ db: deps.db, env: { APP_URL: deps.appUrl } });
  if (result.processed > 0) {
    await refundOwedPayments(deps).catch((error) =>
      logger.error("refund run after replay failed", { error: String(error) }),
    );
    await settleHolds(deps).catch((error) =>
      logger.error("hold settling after replay failed", { error: String(error) }),
    );
  }
  return result;
}
