import crypto from "node:crypto";
import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import { paymentEventFromStripeShape } from "./event-shape";
import { findLocalPayment } from "./find-local-checkout";
import { logger } from "../shared/logger";
import {
  CHARGE_REFUNDED,
  CHECKOUT_COMPLETED,
  HOLD_CAPTURED,
  HOLD_RELEASED,
  PAYMENT_FAILED,
  type PaymentProvider,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookPayloadError,
  WebhookSignatureError,
} from "./payment-provider";

export const LOCAL_SIGNATURE_HEADER = "swapshed-signature";
export const LOCAL_WEBHOOK_PATH = "/api/webhooks/local";

export const TEST_CARD_SUCCESS = "4242 4242 4242 4242";
export const TEST_CARD_DECLINED = "4000 0000 0000 0002";
export const CARD_DECLINED = "Your card was declined.";
export const NOT_A_TEST_CARD = "Your card number is not a test card. Use 4242 4242 4242 4242.";
export const CHECKOUT_NOT_FOUND = "Checkout not found";
export const CHECKOUT_CLOSED = "This checkout is no longer open";

/** Sends a signed webhook; resolves with the HTTP status the app answered. */
export type DeliverWebhook = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>;

export type LocalPaymentProvider = PaymentProvider & {
  name: "local";
  /** Signs an event (Stripe's shape) and POSTs it to our own webhook endpoint, as a real provider would. */
  deliverEvent(event: Record<string, unknown>, now: Date): Promise<void>;
};

const fetchDeliver: DeliverWebhook = (url, body, headers) => fetch(url, { method: "POST", body, headers });

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the scheme Stripe uses. */
export function signLocalWebhook(body: string, secret: string, timestampSeconds: number): string {
  const v1 = crypto.createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The built-in provider: a checkout page served by the app itself and webhooks signed with a local secret. */
export function createLocalPaymentProvider(options: {
  appUrl: string;
  secret: string;
  deliver?: DeliverWebhook;
}): LocalPaymentProvider {
  const appUrl = options.appUrl.replace(/\/+$/, "");
  const deliver = options.deliver ?? fetchDeliver;
  const provider: LocalPaymentProvider = {
    name: "local",

    async createCheckout() {
      // The session is the pending payment_logs row; the caller stores this id on it.
      const sessionId = `cs_local_${randomId()}`;
      return { sessionId, url: `${appUrl}/checkout/${sessionId}` };
    },

    parseWebhook(rawBody, headers, now) {
      verifyLocalSignature(rawBody, headers.get(LOCAL_SIGNATURE_HEADER), options.secret, now);
      let raw: unknown;
      try {
        raw = JSON.parse(rawBody);
      } catch {
        throw new WebhookPayloadError();
      }
      return paymentEventFromStripeShape(raw);
    },

    async expireCheckout() {
      // The local checkout takes a payment only while it is its payer's newest for the swap (find-local-checkout.ts):
      // the checkout that replaced it was recorded in the same transaction, so its page already refuses.
    },

    async refund({ paymentIntentId, amountCents, now = new Date() }) {
      // No money moved, so the refund is its record: an id, the amount and the intent, told to the app in a
      // signed charge.refunded webhook through the same handler as a payment. Like a real provider, the refund
      // stands even if that delivery fails: the caller records it as well.
      const refundId = `re_local_${randomId()}`;
      try {
        await provider.deliverEvent(chargeRefundedEvent({ refundId, paymentIntentId, amountCents, now }), now);
      } catch (error) {
        logger.warn("local refund webhook not delivered", { refundId, error: String(error) });
      }
      return { refundId };
    },

    async capture({ paymentIntentId, now = new Date() }) {
      // The hold becomes a charge. The event's id is the intent's, so a second capture of the same hold is the same
      // event (stored once by the webhook handler), as a provider's idempotency key makes it.
      await provider.deliverEvent(intentEvent(HOLD_CAPTURED, paymentIntentId, "succeeded", now), now);
    },

    async releaseHold({ paymentIntentId, now = new Date() }) {
      await provider.deliverEvent(intentEvent(HOLD_RELEASED, paymentIntentId, "canceled", now), now);
    },

    async deliverEvent(event, now) {
      const body = JSON.stringify(event);
      const signature = signLocalWebhook(body, options.secret, Math.floor(now.getTime() / 1000));
      const response = await deliver(`${appUrl}${LOCAL_WEBHOOK_PATH}`, body, {
        "content-type": "application/json",
        [LOCAL_SIGNATURE_HEADER]: signature,
      });
      if (response.status !== 200) throw new Error(`Local payment webhook answered ${response.status}`);
    },
  };
  return provider;
}

/** A PaymentIntent captured or cancelled, in Stripe's event shape; one event id per intent and outcome. */
function intentEvent(type: string, paymentIntentId: string, status: "succeeded" | "canceled", now: Date) {
  return {
    id: `evt_local_${status}_${paymentIntentId}`,
    object: "event",
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object: { id: paymentIntentId, object: "payment_intent", currency: "aud", status } },
  };
}

/** A Charge refunded in full, in Stripe's event shape, carrying its Refund. */
function chargeRefundedEvent(r: { refundId: string; paymentIntentId: string; amountCents: number; now: Date }) {
  const created = Math.floor(r.now.getTime() / 1000);
  return {
    id: `evt_local_${randomId()}`,
    object: "event",
    type: CHARGE_REFUNDED,
    created,
    data: {
      object: {
        id: `ch_local_${randomId()}`,
        object: "charge",
        amount: r.amountCents,
        amount_refunded: r.amountCents,
        currency: "aud",
        refunded: true,
        payment_intent: r.paymentIntentId,
        refunds: {
          object: "list",
          data: [
            {
              id: r.refundId,
              object: "refund",
              amount: r.amountCents,
              currency: "aud",
              status: "succeeded",
              payment_intent: r.paymentIntentId,
              created,
            },
          ],
        },
      },
    },
  };
}

function verifyLocalSignature(rawBody: string, header: string | null, secret: string, now: Date) {
  if (!header) throw new WebhookSignatureError();
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value ?? "");
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) throw new WebhookSignatureError();
  const age = Math.floor(now.getTime() / 1000) - Number(t);
  if (Math.abs(age) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError();
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex"), "utf8");
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, "utf8");
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError();
}

export type LocalCheckoutOutcome = { outcome: "paid" } | { outcome: "declined"; message: string };

/**
 * The member submitted the local checkout form (checked first: submit-local-checkout.ts). The card number
 * decides the outcome (it is a test checkout); the result reaches the payment only through a signed webhook,
 * like a real provider's.
 */
export async function completeLocalCheckout(
  deps: { db: Db; provider: LocalPaymentProvider },
  { sessionId, cardNumber, now, userId }: { sessionId: string; cardNumber: string; now: Date; userId?: string },
): Promise<LocalCheckoutOutcome> {
  const payment = await findLocalPayment(deps.db, { sessionId, userId, now });
  if (!payment) throw new AppError("NOT_FOUND", CHECKOUT_NOT_FOUND);
  // A declined card leaves the checkout open for another try, as a hosted checkout does (decision 044).
  if (!payment.open) throw new AppError("CONFLICT", CHECKOUT_CLOSED);

  const digits = cardNumber.replace(/[\s-]/g, "");
  const declineMessage =
    digits === TEST_CARD_SUCCESS.replaceAll(" ", "")
      ? null
      : digits === TEST_CARD_DECLINED.replaceAll(" ", "")
        ? CARD_DECLINED
        : NOT_A_TEST_CARD;
  const paymentIntentId = `pi_local_${randomId()}`;
  const created = Math.floor(now.getTime() / 1000);
  const metadata = { paymentId: payment.id };

  const event = declineMessage
    ? {
        id: `evt_local_${randomId()}`,
        object: "event",
        type: PAYMENT_FAILED,
        created,
        data: {
          object: {
            id: paymentIntentId,
            object: "payment_intent",
            amount: payment.amountCents,
            currency: "aud",
            status: "requires_payment_method",
            metadata,
            checkout_session: sessionId,
            last_payment_error: { type: "card_error", code: "card_declined", message: declineMessage },
          },
        },
      }
    : {
        id: `evt_local_${randomId()}`,
        object: "event",
        type: CHECKOUT_COMPLETED,
        created,
        data: {
          object: {
            id: sessionId,
            object: "checkout.session",
            amount_total: payment.amountCents,
            currency: "aud",
            // Manual capture: the card is authorised (the fee held), not charged, as Stripe reports it.
            payment_status: "unpaid",
            client_reference_id: payment.id,
            payment_intent: paymentIntentId,
            metadata,
          },
        },
      };
  await deps.provider.deliverEvent(event, now);
  return declineMessage ? { outcome: "declined", message: declineMessage } : { outcome: "paid" };
}

function randomId() {
  return crypto.randomBytes(12).toString("hex");
}

/** Whether the configured provider is the built-in one (its checkout page exists only then). */
export function isLocalProvider(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.name === "local" && "deliverEvent" in provider;
}
