/**
 * The seam between SwapShed and whoever takes the card. `local` (development, demos, tests) and
 * `stripe` implement it; the rest of the product never knows which one is configured.
 */
export interface PaymentProvider {
  name: "local" | "stripe";
  /** Opens a hosted checkout for one pending payment; the member is sent to `url`. */
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /**
   * Verifies a webhook on its RAW body and turns it into a PaymentEvent. Throws WebhookSignatureError on
   * a bad or missing signature or a timestamp more than 5 minutes old.
   */
  parseWebhook(rawBody: string, headers: Headers, now: Date): PaymentEvent;
  /**
   * Gives a payment back; idempotent per payment (a retried call never refunds twice). The provider then tells
   * us with a `charge.refunded` webhook, like any other payment event. `now` dates that event (the app's clock).
   */
  refund(input: { paymentIntentId: string; amountCents: number; now?: Date }): Promise<{ refundId: string }>;
  /** Closes a checkout that a newer one replaced, so it can no longer take a payment. Closing a closed one is fine. */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Charges a hold (the checkout only authorised the card): idempotent per payment intent. The provider then tells
   * us with a `payment_intent.succeeded` webhook. `now` dates that event.
   */
  capture(input: { paymentIntentId: string; now?: Date }): Promise<void>;
  /**
   * Lets a hold go without charging anything: idempotent, and a hold already let go is fine. The provider then
   * tells us with a `payment_intent.canceled` webhook.
   */
  releaseHold(input: { paymentIntentId: string; now?: Date }): Promise<void>;
}

export type CheckoutInput = {
  /** payment_logs.id: travels with the checkout as metadata and comes back in the webhook. */
  paymentId: string;
  amountCents: number;
  currency: "aud";
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
};

/** A verified provider event, reduced to what settling a payment needs. */
export type PaymentEvent = {
  id: string;
  type: string;
  paymentId: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  failureMessage: string | null;
  /** charge.refunded only: how much of the charge has been given back, and whether that is all of it. */
  refund?: { amountCents: number; full: boolean };
  createdAt: Date;
  raw: unknown;
};

/** The event types that settle a payment; any other type is stored and ignored. A completed checkout has only
 *  authorised the card (manual capture): the fee is held, not charged. */
export const CHECKOUT_COMPLETED = "checkout.session.completed";
/** A hold was captured: the fee is charged. */
export const HOLD_CAPTURED = "payment_intent.succeeded";
/** A hold was let go (by us, or when the card network's authorisation ran out): nothing is charged. */
export const HOLD_RELEASED = "payment_intent.canceled";
export const PAYMENT_FAILED = "payment_intent.payment_failed";
/** A charge given back (by an admin's refund, an owed refund, or from the provider's dashboard). */
export const CHARGE_REFUNDED = "charge.refunded";

/** Signed events older (or further in the future) than this are refused: a captured request can't be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The webhook is not from the provider (bad, missing or stale signature). Answered with 400. */
export class WebhookSignatureError extends Error {
  constructor(message = "Invalid signature") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** Signed correctly, but not an event we can read. Answered with 400 too. */
export class WebhookPayloadError extends Error {
  constructor(message = "Invalid payload") {
    super(message);
    this.name = "WebhookPayloadError";
  }
}
