import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "#db/client.ts";
import { handlePaymentEvent } from "#core/payments/handle-payment-event.ts";
import {
  CHECKOUT_COMPLETED,
  type PaymentProvider,
  WebhookPayloadError,
  WebhookSignatureError,
} from "#core/payments/payment-provider.ts";
import type { Clock } from "#core/shared/clock.ts";
import { logger } from "#core/shared/logger.ts";
import { refundOwedPayments } from "#core/payments/refund-owed-payments.ts";
import { settleHolds } from "#core/payments/settle-holds.ts";

/** Provider events are a few kilobytes; nothing bigger is read, let alone verified. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/local and /api/webhooks/stripe (mount at /api/webhooks; CSRF-exempt). Only the
 * configured provider's endpoint answers; the other is 404. The signature is checked on the raw body.
 */
export function createWebhookRoutes(deps: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  env: { APP_URL: string };
}) {
  const webhooks = new Hono();
  // Provider events are a few kilobytes; nothing bigger is read, let alone verified.
  webhooks.use(bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT, onError: (c) => c.json({ error: "Payload too large" }, 413) }));

  webhooks.post("/:provider{local|stripe}", async (c) => {
    const { provider } = deps;
    if (c.req.param("provider") !== provider.name) return c.json({ error: "Not found" }, 404);
    const rawBody = await c.req.text();
    let event: ReturnType<PaymentProvider["parseWebhook"]>;
    try {
      event = provider.parseWebhook(rawBody, c.req.raw.headers, deps.clock.now());
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logger.warn("payment webhook refused", { provider: provider.name, reason: error.message });
        return c.json({ error: "Invalid signature" }, 400);
      }
      if (error instanceof WebhookPayloadError) return c.json({ error: "Invalid payload" }, 400);
      throw error;
    }
    const result = await handlePaymentEvent(deps, { provider: provider.name, event });
    if (result === "processed") {
      // A payment that could not count (charged twice, or after the swap closed) is given back now, not at
      // the next background run; a provider error leaves it owed and the background run retries.
      await refundOwedPayments({ ...deps, provider }).catch((error) =>
        logger.error("refund run failed", { error: String(error) }),
      );
      // A hold that made the handshake is captured (both sides' holds), a hold that cannot count is let go. Only
      // after a checkout: the capture and release events this itself causes leave nothing new to settle.
      if (event.type === CHECKOUT_COMPLETED)
        await settleHolds({ ...deps, provider }).catch((error) =>
          logger.error("hold settling failed", { error: String(error) }),
        );
    }
    return c.json({ received: true, result });
  });

  webhooks.all("*", (c) => c.json({ error: "Not found" }, 404));
  return webhooks;
}
