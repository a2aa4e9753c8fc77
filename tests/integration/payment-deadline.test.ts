import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { PAID_AFTER_CLOSE, PAID_TWICE } from "#core/payments/handle-payment-event.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { refundOwedPayments } from "#core/payments/refund-owed-payments.ts";
import { settleHolds } from "#core/payments/settle-holds.ts";
import { PAYMENT_WINDOW_CLOSED, startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { claimPaymentWarnings, LAPSED, lapseUnpaidSwaps } from "#core/payments/lapse-unpaid-swaps.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import {
  checkoutCompletedEvent,
  createPaymentTestApp,
  grantCredit,
  ledgerEntries,
  ledgerOf,
  providerEventsOf,
  watchingProvider,
} from "../support/payment-fixtures";
import { createListing, createMember, createPayment, createSwap } from "../support/factories";
import { controlledClock, HOUR } from "../support/test-clock";
import { refusal } from "../support/swap-fixtures";
import { TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const { provider, postWebhook } = createPaymentTestApp(handle, { clock });
// The local provider, watched: which payment intents were refunded, captured or released through it.
const { refunded: refunds, captured: captures, released: releases, provider: watched } = watchingProvider(provider);
const deps = { db, clock, provider: watched, appUrl: TEST_ORIGIN };

const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
const paymentsOf = (swapId: string) => db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
const listingStatus = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0].status;
const paymentRow = async (id: string) => (await db.select().from(paymentLogs).where(eq(paymentLogs.id, id)))[0];
/** What the provider told us about a payment, as "type status" lines. */
const toldAbout = async (paymentId: string) =>
  (await providerEventsOf(db, paymentId)).map(([type, status]) => `${type} ${status}`);

/** An accepted swap whose 48 hours run from the test's clock. */
function acceptedSwap() {
  return createSwap(db, { status: "accepted", paymentDueAt: new Date(clock.now().getTime() + 48 * HOUR) });
}

/** A card payment through the local checkout, completed by its signed webhook. */
async function payByCard(swapId: string, userId: string) {
  const started = await startHandshakePayment(deps, { swapId, userId });
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const sessionId = new URL(started.url).pathname.replace("/checkout/", "");
  const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
  return {
    payment,
    sessionId,
    complete: () => postWebhook(JSON.stringify(checkoutCompletedEvent(payment.id, sessionId, { at: clock.now() }))),
  };
}

describe("the 48 hours to pay", () => {
  test("accepting sets the deadline 48 hours on", async () => {
    const proposer = await createMember(db);
    const receiver = await createMember(db);
    const { id } = await proposeSwap(
      { db, clock },
      {
        proposerId: proposer.id,
        targetListingId: await createListing(db, receiver.id),
        offeredListingId: await createListing(db, proposer.id),
      },
    );
    await acceptSwap({ db, clock }, { swapId: id, actorId: receiver.id });
    expect((await swapRow(id)).paymentDueAt?.getTime()).toBe(clock.now().getTime() + 48 * HOUR);
  });

  test("after the deadline nobody can start paying, even before the lapse job has run; nothing is written", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    await db
      .update(swapProposals)
      .set({ paymentDueAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(swapProposals.id, swapId));
    expect((await refusal(startHandshakePayment(deps, { swapId, userId: proposerId }))).message).toBe(
      PAYMENT_WINDOW_CLOSED,
    );
    expect(await paymentsOf(swapId)).toHaveLength(0);
  });

  test("a lapsed swap frees both listings, and the card hold of the member who paid is released: nothing charged, nothing to refund", async () => {
    const { swapId, proposerId, offeredListingId, targetListingId } = await acceptedSwap();
    await grantCredit(db, proposerId, 300);
    const { payment, complete } = await payByCard(swapId, proposerId);
    expect((await complete()).status).toBe(200);
    expect((await swapRow(swapId)).proposerPaid).toBe(true);
    const held = await paymentRow(payment.id);
    expect(held).toMatchObject({ status: "held", amountCents: 699, creditCents: 300 });

    clock.advance(49 * HOUR);
    expect(await lapseUnpaidSwaps({ db, clock })).toContain(swapId);
    expect(await swapRow(swapId)).toMatchObject({ status: "expired", rejectionReason: LAPSED });
    expect(await listingStatus(offeredListingId)).toBe("active");
    expect(await listingStatus(targetListingId)).toBe("active");
    // Marked to be let go; the credit part is back at once, as a reversal (it was never spent).
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "held",
      releaseReason: "swap_lapsed",
      releasedAt: null,
      refundReason: null,
    });
    expect(await ledgerOf(db, proposerId)).toEqual(
      ledgerEntries([300, "admin_credit"], [-300, "handshake_fee"], [300, "reversal"]),
    );
    expect(await creditBalance(db, proposerId)).toBe(300);
    // Nothing was charged, so nothing is owed back.
    expect(await refundOwedPayments(deps)).not.toContain(payment.id);

    // The background run asks the provider to let the hold go.
    expect((await settleHolds(deps)).released).toContain(payment.id);
    const released = await paymentRow(payment.id);
    expect(released).toMatchObject({
      status: "released",
      releaseReason: "swap_lapsed",
      capturedAt: null,
      refundReason: null,
      refundedAt: null,
    });
    expect(released.releasedAt).toBeInstanceOf(Date);
    expect(releases).toContain(held.paymentIntentId);
    expect(captures).not.toContain(held.paymentIntentId);
    expect(refunds).not.toContain(held.paymentIntentId);
    expect(await toldAbout(payment.id)).toContain("payment_intent.canceled processed");
    // Once released, never again; and the credit is not given back twice.
    expect((await settleHolds(deps)).released).not.toContain(payment.id);
    expect(releases.filter((intent) => intent === held.paymentIntentId)).toHaveLength(1);
    expect(await lapseUnpaidSwaps({ db, clock })).not.toContain(swapId);
    expect(await creditBalance(db, proposerId)).toBe(300);
  });

  test("a fee captured before holds existed is still refunded through the provider when its swap lapses", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    // A legacy fee: charged at once (completed, captured), as every fee was before decision 102.
    const paidAt = clock.now();
    const paymentId = await createPayment(db, {
      swapProposalId: swapId,
      userId: proposerId,
      paymentIntentId: `pi_legacy_${swapId}`,
      capturedAt: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    await db.update(swapProposals).set({ proposerPaid: true }).where(eq(swapProposals.id, swapId));

    clock.advance(49 * HOUR);
    expect(await lapseUnpaidSwaps({ db, clock })).toContain(swapId);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: "completed",
      refundReason: "swap_lapsed",
      refundedAt: null,
      releaseReason: null,
    });

    expect(await refundOwedPayments(deps)).toEqual([paymentId]);
    const refunded = await paymentRow(paymentId);
    expect(refunded).toMatchObject({ status: "refunded", refundReason: "swap_lapsed", releasedAt: null });
    expect(refunded.refundedAt).not.toBeNull();
    expect(refunds).toContain(`pi_legacy_${swapId}`);
    expect(releases).not.toContain(`pi_legacy_${swapId}`);
    // Once refunded, never again.
    expect(await refundOwedPayments(deps)).toEqual([]);
    expect(await lapseUnpaidSwaps({ db, clock })).not.toContain(swapId);
  });

  test("a fee held from credit comes back as credit at once: released, not refunded", async () => {
    const { swapId, receiverId } = await acceptedSwap();
    await grantCredit(db, receiverId, 999);
    expect(await startHandshakePayment(deps, { swapId, userId: receiverId })).toEqual({ kind: "paid" });
    expect(await creditBalance(db, receiverId)).toBe(0);
    clock.advance(49 * HOUR);
    await lapseUnpaidSwaps({ db, clock });
    expect(await creditBalance(db, receiverId)).toBe(999);
    expect(await ledgerOf(db, receiverId)).toEqual(
      ledgerEntries([999, "admin_credit"], [-999, "handshake_fee"], [999, "reversal"]),
    );
    const [payment] = await paymentsOf(swapId);
    expect(payment).toMatchObject({
      status: "released",
      releaseReason: "swap_lapsed",
      refundReason: null,
      refundedAt: null,
      capturedAt: null,
    });
    expect(payment.releasedAt).toBeInstanceOf(Date);
    // Nothing left to do at the provider, and the credit does not come back twice.
    expect((await settleHolds(deps)).released).not.toContain(payment.id);
    expect(await creditBalance(db, receiverId)).toBe(999);
  });

  test("a checkout that completes after the swap lapsed does not count, and its hold is released automatically", async () => {
    const { swapId, receiverId } = await acceptedSwap();
    const { payment, complete } = await payByCard(swapId, receiverId);
    clock.advance(49 * HOUR);
    await lapseUnpaidSwaps({ db, clock });
    expect((await complete()).status).toBe(200);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({
      status: "released",
      releaseReason: "paid_after_close",
      refundReason: null,
      refundedAt: null,
      capturedAt: null,
    });
    expect(row.errorMessage).toBe(PAID_AFTER_CLOSE);
    expect(row.releasedAt).toBeInstanceOf(Date);
    expect(row.paymentIntentId).not.toBeNull();
    const told = await toldAbout(payment.id);
    expect(told).toContain("payment_intent.canceled processed");
    expect(told.filter((t) => t.startsWith("charge.refunded") || t.startsWith("payment_intent.succeeded"))).toEqual([]);
    expect(await swapRow(swapId)).toMatchObject({ status: "expired", receiverPaid: false });
  });

  test("a member who holds the fee twice through an old checkout has the second hold released automatically", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    const first = await payByCard(swapId, proposerId);
    const second = await payByCard(swapId, proposerId);
    expect((await second.complete()).status).toBe(200);
    expect((await first.complete()).status).toBe(200);
    const rows = await paymentsOf(swapId);
    expect(rows.find((p) => p.id === second.payment.id)).toMatchObject({ status: "held", releaseReason: null });
    const twice = rows.find((p) => p.id === first.payment.id);
    expect(twice).toMatchObject({
      status: "released",
      releaseReason: "charged_twice",
      errorMessage: PAID_TWICE,
      refundReason: null,
      refundedAt: null,
      capturedAt: null,
    });
    expect(twice?.releasedAt).toBeInstanceOf(Date);
    expect(await toldAbout(first.payment.id)).toContain("payment_intent.canceled processed");
    expect(await toldAbout(second.payment.id)).not.toContain("payment_intent.canceled processed");
  });

  test("the reminder 6 hours before the deadline is claimed once, however many processes ask", async () => {
    const { swapId } = await acceptedSwap();
    await db
      .update(swapProposals)
      .set({ paymentDueAt: new Date(clock.now().getTime() + 5 * HOUR) })
      .where(eq(swapProposals.id, swapId));
    const [a, b] = await Promise.all([claimPaymentWarnings({ db, clock }), claimPaymentWarnings({ db, clock })]);
    expect([...a, ...b].filter((s) => s.id === swapId)).toHaveLength(1);
    expect((await claimPaymentWarnings({ db, clock })).map((s) => s.id)).not.toContain(swapId);
  });
});

describe.skipIf(handle.kind !== "postgres")("racing the deadline", () => {
  test("the last payment arriving as the swap lapses: it makes the handshake (both captured) or it lapses (both holds released), never both", async () => {
    for (let trial = 0; trial < 5; trial++) {
      const { swapId, proposerId, receiverId } = await acceptedSwap();
      await grantCredit(db, proposerId, 999);
      const creditBefore = await creditBalance(db, proposerId);
      await startHandshakePayment(deps, { swapId, userId: proposerId });
      const { complete } = await payByCard(swapId, receiverId);
      await db
        .update(swapProposals)
        .set({ paymentDueAt: new Date(clock.now().getTime() + 10) })
        .where(eq(swapProposals.id, swapId));
      await new Promise((r) => setTimeout(r, 20));
      clock.advance(20);
      await Promise.all([complete(), lapseUnpaidSwaps({ db, clock })]);
      // The lapse skips a swap a payment holds (SKIP LOCKED) and a payment past the deadline does not complete
      // it: the job's next run (every minute) closes such a swap, and the background run settles the holds.
      // What must never happen is both at once.
      await lapseUnpaidSwaps({ db, clock });
      await settleHolds(deps);
      const swap = await swapRow(swapId);
      const payments = await paymentsOf(swapId);
      const card = payments.find((p) => p.provider === "local");
      const credit = payments.find((p) => p.provider === "credit");
      for (const p of payments) expect(p.refundReason).toBeNull();
      if (swap.status === "arranging") {
        expect(card).toMatchObject({ status: "completed", releaseReason: null, releasedAt: null });
        expect(credit).toMatchObject({ status: "completed", releaseReason: null, releasedAt: null });
        expect(await creditBalance(db, proposerId)).toBe(creditBefore - 999);
      } else {
        expect(swap.status).toBe("expired");
        expect(card?.status).toBe("released");
        expect(card?.releaseReason).not.toBeNull();
        expect(card?.capturedAt).toBeNull();
        expect(credit).toMatchObject({ status: "released", releaseReason: "swap_lapsed", capturedAt: null });
        expect(await creditBalance(db, proposerId)).toBe(creditBefore);
      }
    }
  });
});

describe("a checkout replaced by a newer one", () => {
  test("is closed at the provider, so it cannot take a second payment", async () => {
    const expired: string[] = [];
    const closing: PaymentProvider = { ...watched, expireCheckout: async (sessionId) => void expired.push(sessionId) };
    const { swapId, proposerId } = await acceptedSwap();
    const first = await startHandshakePayment({ ...deps, provider: closing }, { swapId, userId: proposerId });
    await startHandshakePayment({ ...deps, provider: closing }, { swapId, userId: proposerId });
    if (first.kind !== "redirect") throw new Error("expected a checkout");
    expect(expired).toEqual([new URL(first.url).pathname.replace("/checkout/", "")]);
  });
});
