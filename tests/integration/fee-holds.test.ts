// Nobody pays for a ghost (issue 29, decision 102): a fee is held until both sides have paid, then both are captured
// exactly once; a swap that lapses lets the hold go and charges nobody; replayed or out-of-order webhooks change
// nothing. On PostgreSQL the sweeps below run on separate pooled connections, as two job processes would.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { handlePaymentEvent } from "#core/payments/handle-payment-event.ts";
import { LAPSED, lapseUnpaidSwaps } from "#core/payments/lapse-unpaid-swaps.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { settleHolds } from "#core/payments/settle-holds.ts";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { paymentEventFromStripeShape } from "#core/payments/event-shape.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { domainEvents } from "#db/schema/events.ts";
import { notifications } from "#db/schema/notifications.ts";
import { paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { checkoutCompletedEvent, createPaymentTestApp, grantCredit } from "../support/payment-fixtures";
import { createSwap } from "../support/factories";
import { controlledClock, HOUR } from "../support/test-clock";
import { TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const { provider, postWebhook } = createPaymentTestApp(handle, { clock });

/** The local provider, watched: every capture, release and refund asked of it, by payment intent. */
function watched(base: PaymentProvider) {
  const calls = { capture: [] as string[], release: [] as string[], refund: [] as string[] };
  const spy: PaymentProvider = {
    ...base,
    capture: async (input) => {
      calls.capture.push(input.paymentIntentId);
      return base.capture(input);
    },
    releaseHold: async (input) => {
      calls.release.push(input.paymentIntentId);
      return base.releaseHold(input);
    },
    refund: async (input) => {
      calls.refund.push(input.paymentIntentId);
      return base.refund(input);
    },
  };
  return { calls, spy };
}

const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
const paymentRow = async (id: string) => (await db.select().from(paymentLogs).where(eq(paymentLogs.id, id)))[0];
const eventsOf = (swapId: string, kind: string) =>
  db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.subjectId, swapId), eq(domainEvents.kind, kind)));

function acceptedSwap() {
  return createSwap(db, { status: "accepted", paymentDueAt: new Date(clock.now().getTime() + 48 * HOUR) });
}

/** A party opens the checkout; `held()` is the provider's checkout.session.completed (the card authorised). */
async function openCheckout(swapId: string, userId: string) {
  const started = await startHandshakePayment({ db, clock, provider, appUrl: TEST_ORIGIN }, { swapId, userId });
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const sessionId = new URL(started.url).pathname.replace("/checkout/", "");
  const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
  const raw = checkoutCompletedEvent(payment.id, sessionId, { at: clock.now() });
  return {
    payment,
    raw,
    intent: (raw.data.object as { payment_intent: string }).payment_intent,
    /** Through the core handler only (no sweep after it), as a webhook process would before its follow-up. */
    held: () => handlePaymentEvent({ db, clock }, { provider: "local", event: paymentEventFromStripeShape(raw) }),
    /** Through the signed webhook route (which then settles holds, as the running app does). */
    post: () => postWebhook(JSON.stringify(raw)),
  };
}

describe("a fee is held until both sides have paid", () => {
  test("one side's checkout holds the fee: the party counts as paid, nothing is captured", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    const mine = await openCheckout(swapId, proposerId);
    expect((await mine.post()).status).toBe(200);

    expect(await paymentRow(mine.payment.id)).toMatchObject({ status: "held", capturedAt: null, releasedAt: null });
    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", proposerPaid: true, receiverPaid: false });
    const { calls, spy } = watched(provider);
    expect(await settleHolds({ db, clock, provider: spy })).toEqual({ captured: [], released: [] });
    expect(calls.capture).toEqual([]);
  });

  test("both pay at the same instant: one handshake, and each hold is captured exactly once however many sweeps run", async () => {
    const { swapId, proposerId, receiverId } = await acceptedSwap();
    const mine = await openCheckout(swapId, proposerId);
    const theirs = await openCheckout(swapId, receiverId);

    expect(await Promise.all([mine.held(), theirs.held()])).toEqual(["processed", "processed"]);
    expect(await swapRow(swapId)).toMatchObject({ status: "arranging", proposerPaid: true, receiverPaid: true });
    expect(await eventsOf(swapId, "swap.handshake")).toHaveLength(1);
    expect((await paymentRow(mine.payment.id)).status).toBe("held");

    // Four job processes sweep at once: each hold is claimed by one of them.
    const { calls, spy } = watched(provider);
    const runs = await Promise.all([1, 2, 3, 4].map(() => settleHolds({ db, clock, provider: spy })));
    expect(runs.flatMap((r) => r.captured).sort()).toEqual([mine.payment.id, theirs.payment.id].sort());
    expect(calls.capture.sort()).toEqual([mine.intent, theirs.intent].sort());
    expect(calls.release).toEqual([]);
    for (const id of [mine.payment.id, theirs.payment.id]) {
      const row = await paymentRow(id);
      expect(row).toMatchObject({ status: "completed", settlingAt: null });
      expect(row.capturedAt).not.toBeNull();
    }
    // The provider's own capture webhooks were stored and applied once each.
    const captures = await db.select().from(webhookEvents).where(eq(webhookEvents.type, "payment_intent.succeeded"));
    expect(captures.filter((e) => [mine.intent, theirs.intent].some((pi) => e.id.includes(pi)))).toHaveLength(2);

    // A later sweep finds nothing left to do.
    expect(await settleHolds({ db, clock, provider: spy })).toEqual({ captured: [], released: [] });
    expect(calls.capture).toHaveLength(2);
  });

  test("paid through the site end to end: the second payment's webhook captures both holds", async () => {
    const { swapId, proposerId, receiverId } = await acceptedSwap();
    const mine = await openCheckout(swapId, proposerId);
    expect((await mine.post()).status).toBe(200);
    const theirs = await openCheckout(swapId, receiverId);
    expect((await theirs.post()).status).toBe(200);

    expect((await swapRow(swapId)).status).toBe("arranging");
    expect((await paymentRow(mine.payment.id)).status).toBe("completed");
    expect((await paymentRow(theirs.payment.id)).status).toBe("completed");
  });

  test("two members paying wholly from credit: both held, then captured without the card provider", async () => {
    const { swapId, proposerId, receiverId } = await acceptedSwap();
    await grantCredit(db, proposerId, 999);
    await grantCredit(db, receiverId, 999);
    const deps = { db, clock, provider: watched(provider).spy, appUrl: TEST_ORIGIN };
    expect(await startHandshakePayment(deps, { swapId, userId: proposerId })).toEqual({ kind: "paid" });
    const [first] = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(first).toMatchObject({ status: "held", provider: "credit", creditCents: 999 });

    const { calls, spy } = watched(provider);
    expect(await startHandshakePayment({ ...deps, provider: spy }, { swapId, userId: receiverId })).toEqual({
      kind: "paid",
    });
    const rows = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(rows.map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(calls.capture).toEqual([]);
    expect(await creditBalance(db, proposerId)).toBe(0);
  });
});

describe("a swap the other side never pays for", () => {
  test("the hold is released when the swap lapses: nothing charged or refunded, and both members are told", async () => {
    const { swapId, proposerId, receiverId } = await acceptedSwap();
    await grantCredit(db, proposerId, 300);
    const mine = await openCheckout(swapId, proposerId);
    expect(mine.payment).toMatchObject({ amountCents: 699, creditCents: 300 });
    expect(await mine.held()).toBe("processed");

    clock.advance(49 * HOUR);
    expect(await lapseUnpaidSwaps({ db, clock })).toContain(swapId);
    expect(await swapRow(swapId)).toMatchObject({ status: "expired", rejectionReason: LAPSED });
    // The credit part is back at once; the card's hold waits for the provider.
    expect(await creditBalance(db, proposerId)).toBe(300);
    expect(await paymentRow(mine.payment.id)).toMatchObject({ status: "held", releaseReason: "swap_lapsed" });

    // (Other tests' swaps lapsed with this clock too: only this hold is looked at.)
    const { calls, spy } = watched(provider);
    const settled = await settleHolds({ db, clock, provider: spy });
    expect(settled.captured).toEqual([]);
    expect(settled.released).toContain(mine.payment.id);
    expect(calls.capture).toEqual([]);
    expect(calls.refund).toEqual([]);
    expect(calls.release.filter((pi) => pi === mine.intent)).toHaveLength(1);
    const released = await paymentRow(mine.payment.id);
    expect(released).toMatchObject({ status: "released", refundReason: null, refundedAt: null, capturedAt: null });
    expect(released.releasedAt).not.toBeNull();

    // Both are told (swap_lapsed), each in their own words.
    await dispatchEvents({ db, appUrl: TEST_ORIGIN });
    const told = await db.select().from(notifications).where(eq(notifications.kind, "swap.lapsed"));
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([proposerId, receiverId]));

    // The provider's release webhook arriving late, or again, changes nothing.
    const again = await settleHolds({ db, clock, provider: spy });
    expect(again.released).toEqual([]);
    expect(calls.release.filter((pi) => pi === mine.intent)).toHaveLength(1);
  });

  test("a hold the provider ends on its own while the swap waits: the fee no longer counts and the member can pay again", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    await grantCredit(db, proposerId, 100);
    const mine = await openCheckout(swapId, proposerId);
    expect(await mine.held()).toBe("processed");
    expect(await creditBalance(db, proposerId)).toBe(0);

    expect((await postWebhook(JSON.stringify(intentEvent("payment_intent.canceled", mine.intent)))).status).toBe(200);
    expect(await paymentRow(mine.payment.id)).toMatchObject({ status: "released", releaseReason: "hold_ended" });
    expect((await swapRow(swapId)).proposerPaid).toBe(false);
    expect(await creditBalance(db, proposerId)).toBe(100);
    await openCheckout(swapId, proposerId);
  });
});

describe("replayed and out-of-order webhooks change nothing", () => {
  test("after capture: the checkout event again, a late cancel, a late failure and the capture again", async () => {
    const { swapId, proposerId, receiverId } = await acceptedSwap();
    const mine = await openCheckout(swapId, proposerId);
    const theirs = await openCheckout(swapId, receiverId);
    expect((await mine.post()).status).toBe(200);
    expect((await theirs.post()).status).toBe(200);
    const before = await paymentRow(mine.payment.id);
    expect(before.status).toBe("completed");
    const swapBefore = await swapRow(swapId);

    // The same event id (a redelivery), and the same checkout under a new id (a replay from the dashboard).
    expect(await (await mine.post()).json()).toMatchObject({ result: "duplicate" });
    const renamed = { ...mine.raw, id: `${mine.raw.id}_again` };
    expect(await (await postWebhook(JSON.stringify(renamed))).json()).toMatchObject({ result: "duplicate" });
    // The provider saying the hold was let go, after it was captured; and the capture again.
    expect(
      await (await postWebhook(JSON.stringify(intentEvent("payment_intent.canceled", mine.intent)))).json(),
    ).toMatchObject({ result: "duplicate" });
    expect(
      await (await postWebhook(JSON.stringify(intentEvent("payment_intent.succeeded", mine.intent, "x")))).json(),
    ).toMatchObject({ result: "duplicate" });

    expect(await paymentRow(mine.payment.id)).toEqual(before);
    expect(await swapRow(swapId)).toEqual(swapBefore);
  });

  test("a capture for a hold already released charges nothing here: it stays released", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    const mine = await openCheckout(swapId, proposerId);
    expect(await mine.held()).toBe("processed");
    clock.advance(49 * HOUR);
    await lapseUnpaidSwaps({ db, clock });
    await settleHolds({ db, clock, provider });
    const released = await paymentRow(mine.payment.id);
    expect(released.status).toBe("released");

    expect(
      await (await postWebhook(JSON.stringify(intentEvent("payment_intent.succeeded", mine.intent, "late")))).json(),
    ).toMatchObject({ result: "duplicate" });
    expect(await paymentRow(mine.payment.id)).toEqual(released);
  });
});

/** A PaymentIntent event in Stripe's shape, as the provider sends when a hold is captured or let go. */
function intentEvent(type: string, paymentIntentId: string, suffix = "") {
  return {
    id: `evt_test_${type}_${paymentIntentId}${suffix}`,
    object: "event",
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data: { object: { id: paymentIntentId, object: "payment_intent", currency: "aud" } },
  };
}
