// A swap circle's handshake fees (issue 29, decision 105): once every member has accepted, each pays one $9.99 fee,
// held on the card; when the last one holds the circle reaches its handshake (every listing promised) and every
// hold is captured exactly once; if not every fee is held within 48 hours the circle lapses, every hold is let go
// and nobody is charged. Replayed or late webhooks change nothing. On PostgreSQL the sweeps and the webhooks run on
// separate pooled connections, as several processes would.
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { collectMemberData } from "#core/accounts/collect-member-data.ts";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import {
  CIRCLE_ALREADY_PAID,
  CIRCLE_NOT_WAITING_FOR_PAYMENT,
  CIRCLE_PAYMENT_HOURS,
  CIRCLE_PAYMENT_WINDOW_CLOSED,
} from "#core/circles/circle-fee.ts";
import { CIRCLE_NOT_FOUND } from "#core/circles/circle-guards.ts";
import { lapseUnpaidCircles } from "#core/circles/lapse-unpaid-circles.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { paymentEventFromStripeShape } from "#core/payments/event-shape.ts";
import { PAID_AFTER_CLOSE, handlePaymentEvent } from "#core/payments/handle-payment-event.ts";
import { findLocalCheckout } from "#core/payments/find-local-checkout.ts";
import { RELEASE_REASONS } from "#core/payments/let-go-of-holds.ts";
import { settleHolds } from "#core/payments/settle-holds.ts";
import { startCircleFeePayment } from "#core/payments/start-handshake-payment.ts";
import { type Circle, circleKey } from "#core/swaps/find-swap-circles.ts";
import { listings } from "#db/schema/listings.ts";
import { creditLedger, paymentLogs } from "#db/schema/payments.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { createListing, createMember } from "../support/factories";
import { setFlag } from "../support/flags";
import {
  checkoutCompletedEvent,
  createPaymentTestApp,
  grantCredit,
  watchingProvider,
} from "../support/payment-fixtures";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const { provider, postWebhook } = createPaymentTestApp(handle, { clock });
const payDeps = { db, clock, provider, appUrl: TEST_ORIGIN };

/** Ana gives her kayak to Ben, Ben his paddleboard to Cleo, Cleo her surfboard to Ana; all three accepted. */
async function acceptedCircle() {
  const members = [
    await createMember(db, { name: "Ana Costa" }),
    await createMember(db, { name: "Ben Walker" }),
    await createMember(db, { name: "Cleo Park" }),
  ];
  const owned = [
    await createListing(db, members[0].id, { title: "Kayak" }),
    await createListing(db, members[1].id, { title: "Paddleboard" }),
    await createListing(db, members[2].id, { title: "Surfboard" }),
  ];
  const legs = members.map((m, i) => ({ giverId: m.id, listingId: owned[i], receiverId: members[(i + 1) % 3].id }));
  const circle: Circle = { legs, key: circleKey(legs), fairness: 1 };
  const circleId = await db.transaction((tx) => offerCircle(tx, circle, { now: clock.now() }));
  if (!circleId) throw new Error("expected the circle to be offered");
  for (const m of members) await acceptCircle({ db, clock }, { circleId, userId: m.id });
  return { circleId, members, owned };
}

const circleRow = async (id: string) => (await db.select().from(swapCircles).where(eq(swapCircles.id, id)))[0];
const paymentRow = async (id: string) => (await db.select().from(paymentLogs).where(eq(paymentLogs.id, id)))[0];
const listingStatuses = async (ids: string[]) => {
  const rows = await db.select().from(listings).where(inArray(listings.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};
const paidLegs = async (circleId: string) =>
  (await db.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, circleId))).filter((l) => l.paidAt).length;

/** A member opens their checkout; `held()` is the provider's checkout.session.completed (the card authorised). */
async function openCheckout(circleId: string, userId: string) {
  const started = await startCircleFeePayment(payDeps, { circleId, userId });
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const sessionId = new URL(started.url).pathname.replace("/checkout/", "");
  const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
  const raw = checkoutCompletedEvent(payment.id, sessionId, { at: clock.now() });
  return {
    payment,
    sessionId,
    raw,
    intent: (raw.data.object as { payment_intent: string }).payment_intent,
    held: () => handlePaymentEvent({ db, clock }, { provider: "local", event: paymentEventFromStripeShape(raw) }),
    post: () => postWebhook(JSON.stringify(raw)),
  };
}

describe("paying for a swap circle", () => {
  test("the last acceptance gives every member 48 hours to pay; the checkout names what they give and get", async () => {
    const { circleId, members } = await acceptedCircle();
    expect(await circleRow(circleId)).toMatchObject({
      status: "accepted",
      paymentDueAt: new Date(clock.now().getTime() + CIRCLE_PAYMENT_HOURS * HOUR),
      handshakeAt: null,
    });
    const ben = await openCheckout(circleId, members[1].id);
    expect(ben.payment).toMatchObject({ swapCircleId: circleId, swapProposalId: null, amountCents: 999 });
    expect(
      await findLocalCheckout(db, { sessionId: ben.sessionId, userId: members[1].id, now: clock.now() }),
    ).toMatchObject({ yourListing: "Paddleboard", theirListing: "Kayak", back: "/my-swaps" });
    // Ben's data export names the circle, what he gives in it, and the fee's payment.
    const exported = await collectMemberData(db, { userId: members[1].id, now: clock.now() });
    expect(exported.swapCircles).toMatchObject([{ id: circleId, status: "accepted", receiverId: members[2].id }]);
    expect(exported.payments).toMatchObject([{ id: ben.payment.id, swapCircleId: circleId, swapProposalId: null }]);
    // Someone else's checkout is nobody else's to see.
    expect(await findLocalCheckout(db, { sessionId: ben.sessionId, userId: members[0].id, now: clock.now() })).toBe(
      null,
    );
  });

  test("two of three held: nothing is captured; the third holds: the handshake, and every hold captured exactly once", async () => {
    const { circleId, members, owned } = await acceptedCircle();
    const checkouts = await Promise.all(members.map((m) => openCheckout(circleId, m.id)));
    expect((await checkouts[0].post()).status).toBe(200);
    expect((await checkouts[1].post()).status).toBe(200);
    expect(await circleRow(circleId)).toMatchObject({ status: "accepted" });
    expect(await paidLegs(circleId)).toBe(2);
    const early = watchingProvider(provider);
    expect(await settleHolds({ db, clock, provider: early.provider })).toEqual({ captured: [], released: [] });
    expect(early.captured).toEqual([]);
    expect(await listingStatuses(owned)).toEqual(["reserved", "reserved", "reserved"]);

    expect(await checkouts[2].held()).toBe("processed");
    expect(await circleRow(circleId)).toMatchObject({ status: "arranging", handshakeAt: clock.now() });
    expect(await listingStatuses(owned)).toEqual(["swapped", "swapped", "swapped"]);

    const watched = watchingProvider(provider);
    const runs = await Promise.all([1, 2, 3, 4].map(() => settleHolds({ db, clock, provider: watched.provider })));
    const ids = checkouts.map((c) => c.payment.id).sort();
    expect(runs.flatMap((r) => r.captured).sort()).toEqual(ids);
    expect(watched.captured.sort()).toEqual(checkouts.map((c) => c.intent).sort());
    for (const id of ids) expect((await paymentRow(id)).status).toBe("completed");
    // A replayed webhook changes nothing.
    expect(await checkouts[0].held()).toBe("duplicate");
    expect(await settleHolds({ db, clock, provider: watched.provider })).toEqual({ captured: [], released: [] });
  });

  test("all three hold at the same instant: one handshake, three captures", async () => {
    const { circleId, members } = await acceptedCircle();
    const checkouts = await Promise.all(members.map((m) => openCheckout(circleId, m.id)));
    expect(await Promise.all(checkouts.map((c) => c.held()))).toEqual(["processed", "processed", "processed"]);
    expect(await circleRow(circleId)).toMatchObject({ status: "arranging" });
    const watched = watchingProvider(provider);
    await Promise.all([1, 2].map(() => settleHolds({ db, clock, provider: watched.provider })));
    expect(watched.captured.sort()).toEqual(checkouts.map((c) => c.intent).sort());
  });

  test("credit that covers the fee holds it at once; it is spent only when the circle's handshake happens", async () => {
    const { circleId, members } = await acceptedCircle();
    await grantCredit(db, members[0].id, 999);
    expect(await startCircleFeePayment(payDeps, { circleId, userId: members[0].id })).toEqual({ kind: "paid" });
    const [held] = await db.select().from(paymentLogs).where(eq(paymentLogs.userId, members[0].id));
    expect(held).toMatchObject({ status: "held", provider: "credit", creditCents: 999, swapCircleId: circleId });
    expect(await creditBalance(db, members[0].id)).toBe(0);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, members[0].id));
    expect(ledger.find((row) => row.reason === "handshake_fee")).toMatchObject({ swapCircleId: circleId });

    for (const m of members.slice(1)) await (await openCheckout(circleId, m.id)).held();
    await settleHolds({ db, clock, provider });
    expect((await paymentRow(held.id)).status).toBe("completed");
  });

  test("refusals change nothing: a stranger, a second payment, a circle still offered, the deadline passed", async () => {
    const { circleId, members } = await acceptedCircle();
    const stranger = await createMember(db, { name: "Dev Stranger" });
    expect(await refusal(startCircleFeePayment(payDeps, { circleId, userId: stranger.id }))).toEqual({
      code: "NOT_FOUND",
      message: CIRCLE_NOT_FOUND,
    });
    await grantCredit(db, members[0].id, 999);
    await startCircleFeePayment(payDeps, { circleId, userId: members[0].id });
    expect(await refusal(startCircleFeePayment(payDeps, { circleId, userId: members[0].id }))).toEqual({
      code: "CONFLICT",
      message: CIRCLE_ALREADY_PAID,
    });

    clock.advance(CIRCLE_PAYMENT_HOURS * HOUR);
    expect(await refusal(startCircleFeePayment(payDeps, { circleId, userId: members[1].id }))).toEqual({
      code: "CONFLICT",
      message: CIRCLE_PAYMENT_WINDOW_CLOSED,
    });
    expect(await db.select().from(paymentLogs).where(eq(paymentLogs.userId, members[1].id))).toEqual([]);

    // Offered, not yet accepted by all: nothing to pay.
    const other = await acceptedCircle();
    await db.update(swapCircles).set({ status: "offered" }).where(eq(swapCircles.id, other.circleId));
    expect(
      await refusal(startCircleFeePayment(payDeps, { circleId: other.circleId, userId: other.members[0].id })),
    ).toEqual({ code: "CONFLICT", message: CIRCLE_NOT_WAITING_FOR_PAYMENT });
  });
});

describe("a circle not paid for in 48 hours", () => {
  test("lapses: every hold is let go (nothing charged), an open checkout closes with its credit back, the listings are on offer again", async () => {
    const { circleId, members, owned } = await acceptedCircle();
    const ana = await openCheckout(circleId, members[0].id);
    await ana.held();
    await grantCredit(db, members[1].id, 999);
    await startCircleFeePayment(payDeps, { circleId, userId: members[1].id });
    await grantCredit(db, members[2].id, 300);
    const cleo = await openCheckout(circleId, members[2].id);
    expect(cleo.payment).toMatchObject({ status: "pending", creditCents: 300, amountCents: 699 });

    clock.advance(CIRCLE_PAYMENT_HOURS * HOUR);
    // Two sweeps at once: the circle lapses once (the file's earlier circles are past their deadline too).
    const runs = await Promise.all([lapseUnpaidCircles({ db, clock }), lapseUnpaidCircles({ db, clock })]);
    expect(runs.flat().filter((id) => id === circleId)).toEqual([circleId]);
    expect(await circleRow(circleId)).toMatchObject({ status: "lapsed", closeReason: "not_paid" });
    expect(await listingStatuses(owned)).toEqual(["active", "active", "active"]);

    // Ben's credit hold came straight back; Cleo's reserved credit too; Ana's card hold is released by the sweep.
    expect(await creditBalance(db, members[1].id)).toBe(999);
    expect(await creditBalance(db, members[2].id)).toBe(300);
    expect((await paymentRow(cleo.payment.id)).status).toBe("failed");
    const watched = watchingProvider(provider);
    const settled = await settleHolds({ db, clock, provider: watched.provider });
    expect(watched.captured).toEqual([]);
    expect(watched.released).toEqual([ana.intent]);
    expect(settled.released).toContain(ana.payment.id);
    expect(await paymentRow(ana.payment.id)).toMatchObject({
      status: "released",
      releaseReason: RELEASE_REASONS.lapsed,
      capturedAt: null,
    });

    // Cleo's card went through after the lapse: the hold cannot count and is let go, nothing is charged.
    expect(await cleo.held()).toBe("processed");
    expect(await paymentRow(cleo.payment.id)).toMatchObject({ status: "failed", errorMessage: PAID_AFTER_CLOSE });
    const late = watchingProvider(provider);
    await settleHolds({ db, clock, provider: late.provider });
    expect(late.released).toEqual([cleo.intent]);
    expect(late.captured).toEqual([]);
    expect(await creditBalance(db, members[2].id)).toBe(300);
  });
});

describe("with swap payments switched off", () => {
  test("the last acceptance goes straight to the handshake, with a waived payment per member", async () => {
    await setFlag(db, "enable_swap_payments", false);
    try {
      const { circleId, members, owned } = await acceptedCircle();
      expect(await circleRow(circleId)).toMatchObject({ status: "arranging", handshakeAt: clock.now() });
      expect(await listingStatuses(owned)).toEqual(["swapped", "swapped", "swapped"]);
      const waived = await db.select().from(paymentLogs).where(eq(paymentLogs.swapCircleId, circleId));
      expect(waived.map((p) => [p.userId, p.provider, p.status, p.amountCents]).sort()).toEqual(
        members.map((m) => [m.id, "waived", "completed", 0]).sort(),
      );
    } finally {
      await setFlag(db, "enable_swap_payments", true);
    }
  });
});
