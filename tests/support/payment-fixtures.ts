import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbHandle, Db } from "#db/client.ts";
import { creditLedger } from "#db/schema/payments.ts";
import {
  type LocalPaymentProvider,
  LOCAL_SIGNATURE_HEADER,
  LOCAL_WEBHOOK_PATH,
  signLocalWebhook,
} from "#core/payments/local-provider.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { findPaymentForStaff } from "#core/payments/find-payment-for-staff.ts";
import type { Clock } from "#core/shared/clock.ts";
import { systemClock } from "#core/shared/clock.ts";
import { localPaymentsSecret, paymentProviderFromEnv } from "#server/payments.ts";
import { createWebhookRoutes } from "#server/webhooks.ts";
import { createTestApp } from "./test-app";

/**
 * The real app with the local payment provider, its webhooks delivered through app.request (no port).
 * Mounts the webhook routes itself only while server/app.ts does not yet: either way the provider and
 * the route share the secret derived from the test environment.
 */
export function createPaymentTestApp(handle: DbHandle, { clock = systemClock }: { clock?: Clock } = {}) {
  const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
  const { app, env } = testApp;
  const deliver = async (url: string, body: string, headers: Record<string, string>) =>
    app.request(url, { method: "POST", body, headers });
  const provider = paymentProviderFromEnv(env, { deliver }) as LocalPaymentProvider;
  if (!app.routes.some((r) => r.path.startsWith("/api/webhooks"))) {
    app.route("/api/webhooks", createWebhookRoutes({ db: handle.db, clock, provider, env }));
  }
  const secret = localPaymentsSecret(env);

  /** POSTs a body to the local webhook, signed (at `at`, default now) unless `signature` says otherwise. */
  const postWebhook = (body: string, options: { at?: Date; signature?: string | null; signedBody?: string } = {}) => {
    const t = Math.floor((options.at ?? clock.now()).getTime() / 1000);
    const signature =
      options.signature === undefined ? signLocalWebhook(options.signedBody ?? body, secret, t) : options.signature;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature !== null) headers[LOCAL_SIGNATURE_HEADER] = signature;
    return app.request(LOCAL_WEBHOOK_PATH, { method: "POST", body, headers });
  };

  return { ...testApp, provider, secret, postWebhook };
}

/** Account credit as an admin's "Apply credit" grants it. */
export async function grantCredit(db: Db, userId: string, amountCents: number) {
  await db.insert(creditLedger).values({ userId, amountCents, reason: "admin_credit" });
}

type LedgerEntry = readonly [amountCents: number, reason: string];

/** A member's ledger as [amount, reason] entries, in a canonical order: rows written in one transaction
 *  share a timestamp, so compare the entries as a collection with `ledgerEntries(...)`. */
export async function ledgerOf(db: Db, userId: string) {
  const rows = await db
    .select({ amountCents: creditLedger.amountCents, reason: creditLedger.reason })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return ledgerEntries(...rows.map((r) => [r.amountCents, r.reason] as const));
}

export function ledgerEntries(...entries: LedgerEntry[]) {
  return [...entries].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}

type EventOptions = { id?: string; at?: Date };

/** An event in the shape the local provider (and Stripe) sends: its type, when, and the object it is about. */
function providerEvent(type: string, object: Record<string, unknown>, options: EventOptions) {
  return {
    id: options.id ?? `evt_test_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor((options.at ?? new Date()).getTime() / 1000),
    data: { object },
  };
}

export function checkoutCompletedEvent(paymentId: string, sessionId: string | null, options: EventOptions = {}) {
  return providerEvent(
    "checkout.session.completed",
    {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      payment_intent: `pi_test_${crypto.randomBytes(8).toString("hex")}`,
      metadata: { paymentId },
    },
    options,
  );
}

export function paymentFailedEvent(paymentId: string, message: string | null, options: EventOptions = {}) {
  return providerEvent(
    "payment_intent.payment_failed",
    {
      id: `pi_test_${crypto.randomBytes(8).toString("hex")}`,
      object: "payment_intent",
      metadata: { paymentId },
      ...(message ? { last_payment_error: { message } } : {}),
    },
    options,
  );
}

/** The provider, watched: the payment intent of every refund asked of it, in order, before `base` is asked. */
export function watchingRefunds(base: PaymentProvider) {
  const refunded: string[] = [];
  const provider: PaymentProvider = {
    ...base,
    refund: async (input) => {
      refunded.push(input.paymentIntentId);
      return base.refund(input);
    },
  };
  return { refunded, provider };
}

/**
 * The provider, watched: the payment intent of every refund, capture and hold release asked of it, in order,
 * before `base` is asked. (Calls the app's own webhook route makes go through its own provider: see providerEventsOf.)
 */
export function watchingProvider(base: PaymentProvider) {
  const refunded: string[] = [];
  const captured: string[] = [];
  const released: string[] = [];
  const provider: PaymentProvider = {
    ...base,
    refund: async (input) => {
      refunded.push(input.paymentIntentId);
      return base.refund(input);
    },
    capture: async (input) => {
      captured.push(input.paymentIntentId);
      return base.capture(input);
    },
    releaseHold: async (input) => {
      released.push(input.paymentIntentId);
      return base.releaseHold(input);
    },
  };
  return { refunded, captured, released, provider };
}

/** What the provider told us about a payment, as staff see it on its page: [event type, status], oldest first. */
export async function providerEventsOf(db: Db, paymentId: string) {
  const found = await findPaymentForStaff(db, { paymentId });
  return (found?.events ?? []).map((e) => [e.type, e.status] as const);
}
