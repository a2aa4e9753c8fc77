import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { HOLD_CAPTURED, HOLD_RELEASED } from "./payment-provider";
import { createStripePaymentProvider } from "./stripe-provider";

// Decision 102: Stripe holds the fee (a Checkout Session whose PaymentIntent captures manually), captures it once
// both sides hold, and cancels it on a lapse. The SDK client is a stand-in recording what would be sent.
const WEBHOOK_SECRET = "whsec_test_offline_secret_0123456789";

function recordingClient() {
  const calls: { what: string; params: unknown; key?: string; id?: string }[] = [];
  let failNext: Error | null = null;
  const refuseIfTold = () => {
    const error = failNext;
    failNext = null;
    if (error) throw error;
  };
  const client = {
    checkout: {
      sessions: {
        create: async (params: unknown, options: { idempotencyKey?: string }) => {
          calls.push({ what: "checkout", params, key: options.idempotencyKey });
          return { id: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" };
        },
      },
    },
    paymentIntents: {
      capture: async (id: string, params: unknown, options: { idempotencyKey?: string }) => {
        calls.push({ what: "capture", id, params, key: options.idempotencyKey });
        refuseIfTold();
        return { id, status: "succeeded" };
      },
      cancel: async (id: string, params: unknown, options: { idempotencyKey?: string }) => {
        calls.push({ what: "cancel", id, params, key: options.idempotencyKey });
        refuseIfTold();
        return { id, status: "canceled" };
      },
    },
  } as unknown as Stripe;
  const failWith = (error: Error) => {
    failNext = error;
  };
  return { client, calls, failWith };
}

const invalid = (message: string) =>
  new Stripe.errors.StripeInvalidRequestError({ message, type: "invalid_request_error" });

describe("holding the fee through Stripe", () => {
  test("the checkout authorises the card only: its PaymentIntent captures manually", async () => {
    const { client, calls } = recordingClient();
    const provider = createStripePaymentProvider({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, client });
    await provider.createCheckout({
      paymentId: "6f1d6f0e-0000-4000-8000-000000000001",
      amountCents: 999,
      currency: "aud",
      description: "SwapShed handshake fee",
      customerEmail: "ana@example.com.au",
      successUrl: "https://swapshed.test/my-swaps?payment=success",
      cancelUrl: "https://swapshed.test/my-swaps?payment=cancelled",
    });
    expect(calls[0].params).toMatchObject({
      mode: "payment",
      payment_intent_data: {
        capture_method: "manual",
        metadata: { paymentId: "6f1d6f0e-0000-4000-8000-000000000001" },
      },
    });
  });

  test("capture and release call the PaymentIntents API with a key per intent, so a retry is the same call", async () => {
    const { client, calls } = recordingClient();
    const provider = createStripePaymentProvider({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, client });
    await provider.capture({ paymentIntentId: "pi_1" });
    await provider.capture({ paymentIntentId: "pi_1" });
    await provider.releaseHold({ paymentIntentId: "pi_2" });
    expect(calls.map((c) => [c.what, c.id, c.key])).toEqual([
      ["capture", "pi_1", "capture-pi_1"],
      ["capture", "pi_1", "capture-pi_1"],
      ["cancel", "pi_2", "release-pi_2"],
    ]);
  });

  test("a hold already captured or already let go is done; any other refusal is the caller's to retry", async () => {
    const { client, failWith } = recordingClient();
    const provider = createStripePaymentProvider({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, client });
    failWith(invalid("This PaymentIntent could not be captured because it has a status of succeeded."));
    await expect(provider.capture({ paymentIntentId: "pi_1" })).resolves.toBeUndefined();
    failWith(invalid("You cannot cancel this PaymentIntent because it has a status of canceled."));
    await expect(provider.releaseHold({ paymentIntentId: "pi_2" })).resolves.toBeUndefined();
    failWith(new Stripe.errors.StripeConnectionError({ message: "connection reset" }));
    await expect(provider.capture({ paymentIntentId: "pi_3" })).rejects.toThrow("connection reset");
  });

  test("Stripe's signed capture and cancel events are read as the hold's outcome for its payment", () => {
    const provider = createStripePaymentProvider({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET });
    const now = new Date("2026-11-29T02:00:00Z");
    const read = (type: string) => {
      const payload = JSON.stringify({
        id: `evt_${type}`,
        object: "event",
        type,
        created: Math.floor(now.getTime() / 1000),
        data: { object: { id: "pi_3abc", object: "payment_intent", metadata: { paymentId: "p-1" } } },
      });
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(now.getTime() / 1000),
      });
      return provider.parseWebhook(payload, new Headers({ "stripe-signature": header }), now);
    };
    expect(read(HOLD_CAPTURED)).toMatchObject({ type: HOLD_CAPTURED, paymentIntentId: "pi_3abc", paymentId: "p-1" });
    expect(read(HOLD_RELEASED)).toMatchObject({ type: HOLD_RELEASED, paymentIntentId: "pi_3abc", paymentId: "p-1" });
  });
});
