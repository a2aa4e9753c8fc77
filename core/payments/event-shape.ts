import {
  CHARGE_REFUNDED,
  CHECKOUT_COMPLETED,
  HOLD_CAPTURED,
  HOLD_RELEASED,
  PAYMENT_FAILED,
  type PaymentEvent,
  WebhookPayloadError,
} from "./payment-provider";

/**
 * Both providers deliver events in Stripe's shape ({ id, type, created, data: { object } }): the local
 * provider imitates it on purpose, so one mapping serves both and the local path exercises the real one.
 */
export function paymentEventFromStripeShape(raw: unknown): PaymentEvent {
  if (!isRecord(raw) || typeof raw.id !== "string" || typeof raw.type !== "string") {
    throw new WebhookPayloadError();
  }
  const created = typeof raw.created === "number" ? new Date(raw.created * 1000) : new Date(Number.NaN);
  if (Number.isNaN(created.getTime())) throw new WebhookPayloadError();
  const object = isRecord(raw.data) && isRecord(raw.data.object) ? raw.data.object : {};
  const metadata = isRecord(object.metadata) ? object.metadata : {};
  const event: PaymentEvent = {
    id: raw.id,
    type: raw.type,
    paymentId: null,
    sessionId: null,
    paymentIntentId: null,
    failureMessage: null,
    createdAt: created,
    raw,
  };

  if (raw.type === CHECKOUT_COMPLETED) {
    // A Checkout Session: our payment id is in metadata (and client_reference_id as a fallback).
    event.paymentId = text(metadata.paymentId) ?? text(object.client_reference_id);
    event.sessionId = text(object.id);
    event.paymentIntentId = isRecord(object.payment_intent)
      ? text(object.payment_intent.id)
      : text(object.payment_intent);
  } else if (raw.type === HOLD_CAPTURED || raw.type === HOLD_RELEASED) {
    // A PaymentIntent captured or cancelled: found by our id in its metadata, else by the intent.
    event.paymentId = text(metadata.paymentId);
    event.paymentIntentId = text(object.id);
  } else if (raw.type === PAYMENT_FAILED) {
    // A PaymentIntent: Checkout copies payment_intent_data.metadata onto it.
    event.paymentId = text(metadata.paymentId);
    event.paymentIntentId = text(object.id);
    // Only the local provider knows the session of a failed intent; Stripe's intent does not carry it.
    event.sessionId = text(object.checkout_session);
    event.failureMessage = isRecord(object.last_payment_error) ? text(object.last_payment_error.message) : null;
  } else if (raw.type === CHARGE_REFUNDED) {
    // A Charge: found by its payment intent (a charge does not carry the Checkout's metadata).
    event.paymentId = text(metadata.paymentId);
    event.paymentIntentId = isRecord(object.payment_intent)
      ? text(object.payment_intent.id)
      : text(object.payment_intent);
    const refunded = typeof object.amount_refunded === "number" ? object.amount_refunded : 0;
    event.refund = { amountCents: refunded, full: object.refunded === true };
  }
  return event;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}
