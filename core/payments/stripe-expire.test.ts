import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { createStripePaymentProvider } from "./stripe-provider";

/** A Stripe client whose checkout.sessions.expire is recorded (or fails as Stripe does for a closed session). */
function clientThat(expire: (id: string, params: unknown, options: { idempotencyKey?: string }) => Promise<unknown>) {
  return { checkout: { sessions: { expire } } } as unknown as Stripe;
}

describe("closing a superseded Stripe checkout", () => {
  test("expires the session at Stripe, once per session whatever the retries", async () => {
    const calls: [string, string | undefined][] = [];
    const provider = createStripePaymentProvider({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      client: clientThat(async (id, _params, options) => calls.push([id, options.idempotencyKey])),
    });
    await provider.expireCheckout("cs_test_old");
    expect(calls).toEqual([["cs_test_old", "expire-cs_test_old"]]);
  });

  test("a session already completed or expired is not an error", async () => {
    const provider = createStripePaymentProvider({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      client: clientThat(async () => {
        throw new Stripe.errors.StripeInvalidRequestError({
          message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          type: "invalid_request_error",
        });
      }),
    });
    await expect(provider.expireCheckout("cs_test_done")).resolves.toBeUndefined();
  });
});
