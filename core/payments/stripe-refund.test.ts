import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { CHARGE_REFUNDED } from "./payment-provider";
import { createStripePaymentProvider } from "./stripe-provider";

const WEBHOOK_SECRET = "whsec_test_offline_secret_0123456789";

describe("refunds through Stripe", () => {
  test("Issue refund calls the Refunds API for the payment intent and amount, with an idempotency key that makes a retry the same refund", async () => {
    const calls: [unknown, string | undefined][] = [];
    const client = {
      refunds: {
        create: async (params: unknown, options: { idempotencyKey?: string }) => {
          calls.push([params, options.idempotencyKey]);
          return { id: "re_3abc" };
        },
      },
    } as unknown as Stripe;
    const provider = createStripePaymentProvider({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, client });
    expect(await provider.refund({ paymentIntentId: "pi_3abc", amountCents: 999 })).toEqual({ refundId: "re_3abc" });
    await provider.refund({ paymentIntentId: "pi_3abc", amountCents: 999 });
    expect(calls).toEqual([
      [{ payment_intent: "pi_3abc", amount: 999 }, "refund-pi_3abc-999"],
      [{ payment_intent: "pi_3abc", amount: 999 }, "refund-pi_3abc-999"],
    ]);
  });

  test("Stripe's signed charge.refunded event is read as a refund of its payment intent, in full or in part", () => {
    const provider = createStripePaymentProvider({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET });
    const now = new Date("2026-03-14T02:00:00Z");
    const read = (object: object) => {
      const payload = JSON.stringify({
        id: "evt_1refund",
        object: "event",
        type: CHARGE_REFUNDED,
        created: Math.floor(now.getTime() / 1000),
        data: { object },
      });
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(now.getTime() / 1000),
      });
      return provider.parseWebhook(payload, new Headers({ "stripe-signature": header }), now);
    };
    expect(
      read({
        id: "ch_1",
        object: "charge",
        payment_intent: "pi_3abc",
        amount: 999,
        amount_refunded: 999,
        refunded: true,
      }),
    ).toMatchObject({
      type: CHARGE_REFUNDED,
      paymentIntentId: "pi_3abc",
      refund: { amountCents: 999, full: true },
    });
    expect(
      read({
        id: "ch_1",
        object: "charge",
        payment_intent: { id: "pi_3abc" },
        amount: 999,
        amount_refunded: 300,
        refunded: false,
      }),
    ).toMatchObject({
      paymentIntentId: "pi_3abc",
      refund: { amountCents: 300, full: false },
    });
  });
});
