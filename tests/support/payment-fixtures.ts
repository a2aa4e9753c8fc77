import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbHandle, Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { listings } from "../../db/schema/listings";
import { creditLedger } from "../../db/schema/payments";
import { profiles } from "../../db/schema/profiles";
import { swapProposals } from "../../db/schema/swaps";
import {
  type LocalPaymentProvider,
  LOCAL_SIGNATURE_HEADER,
  LOCAL_WEBHOOK_PATH,
  signLocalWebhook,
} from "../../core/payments/local-provider";
import type { Clock } from "../../core/shared/clock";
import { systemClock } from "../../core/shared/clock";
import { localPaymentsSecret, paymentProviderFromEnv } from "../../server/payments";
import { createWebhookRoutes } from "../../server/webhooks";
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

/** A member inserted directly (users + profiles), for tests that do not need to sign in. */
export async function insertMember(db: Db, { name = "Kylie Nguyen" }: { name?: string } = {}) {
  const id = `user_${crypto.randomBytes(8).toString("hex")}`;
  await db.insert(users).values({ id, name, email: `${id}@example.com.au`, emailVerified: true });
  await db.insert(profiles).values({ userId: id });
  return id;
}

async function insertReservedListing(db: Db, userId: string, title: string) {
  const [row] = await db
    .insert(listings)
    .values({
      userId,
      title,
      description: `${title}, in good working order.`,
      category: "tradie_tools",
      condition: "good",
      valueMin: 100,
      valueMax: 200,
      location: "Bondi NSW 2026",
      suburb: "Bondi",
      state: "NSW",
      postcode: "2026",
      images: [{ key: `test/${crypto.randomUUID()}`, widths: [320] }],
      status: "reserved",
    })
    .returning();
  return row.id;
}

/** Two members and an accepted swap between them (both listings reserved), as acceptSwap leaves it. */
export async function insertAcceptedSwap(db: Db, parties: { proposerId?: string; receiverId?: string } = {}) {
  const proposerId = parties.proposerId ?? (await insertMember(db, { name: "Priya Sharma" }));
  const receiverId = parties.receiverId ?? (await insertMember(db, { name: "Tom O'Brien" }));
  const offeredListingId = await insertReservedListing(db, proposerId, "Makita drill kit");
  const targetListingId = await insertReservedListing(db, receiverId, "Ryobi mower");
  const now = new Date();
  const [swap] = await db
    .insert(swapProposals)
    .values({
      offeredListingId,
      targetListingId,
      proposerId,
      receiverId,
      status: "accepted",
      acceptedAt: now,
      paymentDueAt: new Date(now.getTime() + 48 * 60 * 60 * 1000),
      respondedAt: now,
    })
    .returning();
  return { swapId: swap.id, proposerId, receiverId, offeredListingId, targetListingId };
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

/** An event in the shape the local provider (and Stripe) sends. */
export function checkoutCompletedEvent(
  paymentId: string,
  sessionId: string | null,
  options: { id?: string; at?: Date } = {},
) {
  return {
    id: options.id ?? `evt_test_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor((options.at ?? new Date()).getTime() / 1000),
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        payment_intent: `pi_test_${crypto.randomBytes(8).toString("hex")}`,
        metadata: { paymentId },
      },
    },
  };
}

export function paymentFailedEvent(
  paymentId: string,
  message: string | null,
  options: { id?: string; at?: Date } = {},
) {
  return {
    id: options.id ?? `evt_test_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    type: "payment_intent.payment_failed",
    created: Math.floor((options.at ?? new Date()).getTime() / 1000),
    data: {
      object: {
        id: `pi_test_${crypto.randomBytes(8).toString("hex")}`,
        object: "payment_intent",
        metadata: { paymentId },
        ...(message ? { last_payment_error: { message } } : {}),
      },
    },
  };
}
