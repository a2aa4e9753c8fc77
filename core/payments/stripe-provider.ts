import Stripe from "stripe";
import { paymentEventFromStripeShape } from "./event-shape";
import { type PaymentProvider, WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "./payment-provider";

export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

/** Stripe Checkout plus signed webhooks, through the official SDK. */
export function createStripePaymentProvider(options: {
  secretKey: string;
  webhookSecret: string;
  /** An SDK client of the caller's (tests build one with a dummy key: nothing here calls out until used). */
  client?: Stripe;
}): PaymentProvider {
  const stripe = options.client ?? new Stripe(options.secretKey);
  return {
    name: "stripe",

    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          // Cards only: they authorise at once, so checkout.session.completed means held. Delayed methods
          // (e.g. BECS debit) would complete the session before the money arrives, and cannot be held.
          allowed_payment_method_types: ["card"],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          metadata: { paymentId: input.paymentId },
          client_reference_id: input.paymentId,
          // So payment_intent.payment_failed, which carries the intent and not the session, finds the payment.
          // Manual capture: the checkout only holds the fee on the card; it is charged once both sides hold
          // (a card hold lasts 7 days, the payment window 48 hours). Decision 102.
          payment_intent_data: { metadata: { paymentId: input.paymentId }, capture_method: "manual" },
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // One checkout per payment row, even if our call is retried.
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    parseWebhook(rawBody, headers, now) {
      const header = headers.get(STRIPE_SIGNATURE_HEADER);
      if (!header) throw new WebhookSignatureError();
      let event: Stripe.Event;
      try {
        // The SDK verifies the HMAC on the raw body and refuses events older than the tolerance.
        event = stripe.webhooks.constructEvent(
          rawBody,
          header,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError();
        throw error;
      }
      return paymentEventFromStripeShape(event);
    },

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
      } catch (error) {
        // Already complete or expired: nothing left open. Anything else is the caller's to log.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /status|expired|complete/i.test(error.message))
          return;
        throw error;
      }
    },

    async capture({ paymentIntentId }) {
      try {
        await stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey: `capture-${paymentIntentId}` });
      } catch (error) {
        // Captured already (by an earlier try whose answer we lost): done.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /succeeded/i.test(error.message)) return;
        throw error;
      }
    },

    async releaseHold({ paymentIntentId }) {
      try {
        await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `release-${paymentIntentId}` });
      } catch (error) {
        // Let go already (by us, or the authorisation ran out): nothing is held.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /canceled/i.test(error.message)) return;
        throw error;
      }
    },

    async refund({ paymentIntentId, amountCents }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey: `refund-${paymentIntentId}-${amountCents}` },
      );
      return { refundId: refund.id };
    },
  };
}
