import crypto from "node:crypto";
import { createLocalPaymentProvider, type DeliverWebhook } from "#core/payments/local-provider.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { createStripePaymentProvider } from "#core/payments/stripe-provider.ts";
import type { Env } from "./env";

/**
 * The payment provider the environment configures (local unless PAYMENT_PROVIDER=stripe). `deliver`
 * lets the app hand the local provider's webhooks straight to itself instead of over the network.
 */
export function paymentProviderFromEnv(env: Env, deps: { deliver?: DeliverWebhook } = {}): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "stripe") {
    // parseEnv has already refused stripe without both keys.
    return createStripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
    });
  }
  return createLocalPaymentProvider({ appUrl: env.APP_URL, secret: localPaymentsSecret(env), deliver: deps.deliver });
}

/** LOCAL_PAYMENTS_SECRET, or one derived from the session secret so the defaults need no setup. */
export function localPaymentsSecret(env: Env): string {
  return (
    env.LOCAL_PAYMENTS_SECRET ??
    crypto.createHmac("sha256", env.BETTER_AUTH_SECRET).update("swapshed:local-payments-webhook").digest("hex")
  );
}
