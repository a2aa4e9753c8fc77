import { and, asc, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { webhookEvents } from "#db/schema/payments.ts";

export type EventPayment = {
  id: string;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  createdAt: Date;
};

export type PaymentEventRow = {
  id: string;
  paymentId: string;
  provider: string;
  type: string;
  status: string;
  error: string | null;
  receivedAt: Date;
  processedAt: Date | null;
  /** charge.refunded: the provider's refund id. */
  refundId: string | null;
};

// Where a stored event (Stripe's shape, from either provider) names its payment: our id in metadata or
// client_reference_id, the Checkout Session's id, or the payment intent (as an id or an expanded object).
// The keys are constants of this file, never input: inlined so the planner sees a fixed path.
const path = (...keys: string[]) =>
  sql<string | null>`(${webhookEvents.payload} #>> ${sql.raw(`'{${keys.join(",")}}'`)})`;
const metadataPaymentId = path("data", "object", "metadata", "paymentId");
const clientReference = path("data", "object", "client_reference_id");
const objectId = path("data", "object", "id");
const intent = path("data", "object", "payment_intent");
const expandedIntent = path("data", "object", "payment_intent", "id");

/**
 * The provider events received for these payments, oldest first, each tied to its payment. Events cannot
 * predate the payment they settle, so only events received since the oldest payment are read (the
 * (type, received_at) index narrows them), then matched on the payload.
 */
export async function findPaymentEvents(db: Db, payments: EventPayment[]): Promise<PaymentEventRow[]> {
  if (payments.length === 0) return [];
  const ids = payments.map((p) => p.id);
  const sessions = payments.flatMap((p) => (p.checkoutSessionId ? [p.checkoutSessionId] : []));
  const intents = payments.flatMap((p) => (p.paymentIntentId ? [p.paymentIntentId] : []));
  const since = new Date(Math.min(...payments.map((p) => p.createdAt.getTime())));
  const matches: SQL[] = [inArray(metadataPaymentId, ids), inArray(clientReference, ids)];
  if (sessions.length || intents.length) matches.push(inArray(objectId, [...sessions, ...intents]));
  if (intents.length) matches.push(inArray(intent, intents), inArray(expandedIntent, intents));
  const rows = await db
    .select({
      id: webhookEvents.id,
      provider: webhookEvents.provider,
      type: webhookEvents.type,
      status: webhookEvents.status,
      error: webhookEvents.error,
      receivedAt: webhookEvents.receivedAt,
      processedAt: webhookEvents.processedAt,
      metadataPaymentId,
      clientReference,
      objectId,
      intent: sql<string | null>`coalesce(${expandedIntent}, ${intent})`,
      refundId: path("data", "object", "refunds", "data", "0", "id"),
    })
    .from(webhookEvents)
    .where(and(gte(webhookEvents.receivedAt, since), or(...matches)))
    .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id))
    .limit(200);
  return rows.flatMap(
    ({ metadataPaymentId: byId, clientReference: byRef, objectId: byObject, intent: byIntent, ...row }) => {
      const payment = payments.find(
        (p) =>
          p.id === byId ||
          p.id === byRef ||
          (byObject !== null && (byObject === p.checkoutSessionId || byObject === p.paymentIntentId)) ||
          (byIntent !== null && byIntent === p.paymentIntentId),
      );
      return payment
        ? [{ ...row, paymentId: payment.id, refundId: row.type === "charge.refunded" ? row.refundId : null }]
        : [];
    },
  );
}
