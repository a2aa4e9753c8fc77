import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { WebhookSignatureError } from "./payment-provider";
import { createStripePaymentProvider } from "./stripe-provider";

// Offline: events are signed with the SDK's own test helper and verified by the SDK. Nothing here calls
// Stripe's API; createCheckout and refund are not exercised (they would need a network and a real key).
const WEBHOOK_SECRET = "whsec_test_offline_secret_0123456789";
const provider = createStripePaymentProvider({
  secretKey: "sk_test_offline_not_a_real_key",
  webhookSecret: WEBHOOK_SECRET,
});
const paymentId = "8a1f6c2e-2f0c-4a7e-9a53-1c4d3b2a1f00";
const now = new Date("2026-03-14T02:00:00Z");
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function signed(event: object, options: { secret?: string; at?: Date } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: unix(options.at ?? now),
  });
  return { payload, headers: new Headers({ "stripe-signature": header }) };
}

const completed = {
  id: "evt_1completed",
  object: "event",
  type: "checkout.session.completed",
  created: unix(now),
  data: {
    object: {
      id: "cs_test_a1b2c3",
      object: "checkout.session",
      payment_status: "paid",
      payment_intent: "pi_3abc",
      client_reference_id: paymentId,
      metadata: { paymentId },
    },
  },
};

const failed = {
  id: "evt_1failed",
  object: "event",
  type: "payment_intent.payment_failed",
  created: unix(now),
  data: {
    object: {
      id: "pi_3def",
      object: "payment_intent",
      metadata: { paymentId },
      last_payment_error: { message: "Your card has insufficient funds." },
    },
  },
};

describe("Stripe webhooks", () => {
  test("a signed checkout.session.completed becomes a completed event for our payment", () => {
    const { payload, headers } = signed(completed);
    expect(provider.parseWebhook(payload, headers, now)).toEqual({
      id: "evt_1completed",
      type: "checkout.session.completed",
      paymentId,
      sessionId: "cs_test_a1b2c3",
      paymentIntentId: "pi_3abc",
      failureMessage: null,
      createdAt: now,
      raw: expect.objectContaining({ id: "evt_1completed" }),
    });
  });

  test("a signed payment_intent.payment_failed carries the intent's metadata and Stripe's message", () => {
    const { payload, headers } = signed(failed);
    expect(provider.parseWebhook(payload, headers, now)).toMatchObject({
      type: "payment_intent.payment_failed",
      paymentId,
      sessionId: null,
      paymentIntentId: "pi_3def",
      failureMessage: "Your card has insufficient funds.",
    });
  });

  test("a tampered body is refused", () => {
    const { payload, headers } = signed(completed);
    const tampered = payload.replace(paymentId, "00000000-0000-4000-8000-000000000000");
    expect(() => provider.parseWebhook(tampered, headers, now)).toThrow(WebhookSignatureError);
  });

  test("an event signed with another secret is refused", () => {
    const { payload, headers } = signed(completed, { secret: "whsec_someone_else" });
    expect(() => provider.parseWebhook(payload, headers, now)).toThrow(WebhookSignatureError);
  });

  test("an event signed more than 5 minutes ago is refused", () => {
    const { payload, headers } = signed(completed, { at: new Date(now.getTime() - 301_000) });
    expect(() => provider.parseWebhook(payload, headers, now)).toThrow(WebhookSignatureError);
    const recent = signed(completed, { at: new Date(now.getTime() - 299_000) });
    expect(provider.parseWebhook(recent.payload, recent.headers, now).id).toBe("evt_1completed");
  });

  test("a request without the stripe-signature header is refused", () => {
    expect(() => provider.parseWebhook(JSON.stringify(completed), new Headers(), now)).toThrow(WebhookSignatureError);
  });
});
