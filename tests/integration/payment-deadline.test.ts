import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { PAID_AFTER_CLOSE, PAID_TWICE } from "#core/payments/handle-payment-event.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { refundOwedPayments } from "#core/payments/refund-owed-payments.ts";
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
  watchingRefunds,
} from "../support/payment-fixtures";
import { createListing, createMember, createSwap } from "../support/factories";
import { controlledClock, HOUR } from "../support/test-clock";
import { refusal } from "../support/swap-fixtures";
import { TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const { provider, postWebhook } = createPaymentTestApp(handle, { clock });
// The local provider, watched: which payment intents were refunded through it.
const { refunded: refunds, provider: watched } = watchingRefunds(provider);
const deps = { db, clock, provider: watched, appUrl: TEST_ORIGIN };

const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
const paymentsOf = (swapId: string) => db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
const listingStatus = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0].status;

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

  test("a lapsed swap frees both listings, and the member who paid by card gets the fee back through the provider", async () => {
    const { swapId, proposerId, offeredListingId, targetListingId } = await acceptedSwap();
    const { complete } = await payByCard(swapId, proposerId);
    expect((await complete()).status).toBe(200);
    expect((await swapRow(swapId)).proposerPaid).toBe(true);

    clock.advance(49 * HOUR);
    expect(await lapseUnpaidSwaps({ db, clock })).toContain(swapId);
    expect(await swapRow(swapId)).toMatchObject({ status: "expired", rejectionReason: LAPSED });
    expect(await listingStatus(offeredListingId)).toBe("active");
    expect(await listingStatus(targetListingId)).toBe("active");
    const [owed] = await paymentsOf(swapId);
    expect(owed).toMatchObject({ status: "completed", refundReason: "swap_lapsed", refundedAt: null });

    expect(await refundOwedPayments(deps)).toEqual([owed.id]);
    const [refunded] = await paymentsOf(swapId);
    expect(refunded.status).toBe("refunded");
    expect(refunded.refundedAt).not.toBeNull();
    expect(refunds).toContain(owed.paymentIntentId);
    // Once refunded, never again.
    expect(await refundOwedPayments(deps)).toEqual([]);
    expect(await lapseUnpaidSwaps({ db, clock })).not.toContain(swapId);
  });

  test("a fee paid from credit comes back as credit at once", async () => {
    const { swapId, receiverId } = await acceptedSwap();
    await grantCredit(db, receiverId, 999);
    expect(await startHandshakePayment(deps, { swapId, userId: receiverId })).toEqual({ kind: "paid" });
    expect(await creditBalance(db, receiverId)).toBe(0);
    clock.advance(49 * HOUR);
    await lapseUnpaidSwaps({ db, clock });
    expect(await creditBalance(db, receiverId)).toBe(999);
    expect((await paymentsOf(swapId))[0]).toMatchObject({ status: "refunded", refundReason: "swap_lapsed" });
  });

  test("a checkout that completes after the swap lapsed does not count, and is refunded automatically", async () => {
    const { swapId, receiverId } = await acceptedSwap();
    const { payment, complete } = await payByCard(swapId, receiverId);
    clock.advance(49 * HOUR);
    await lapseUnpaidSwaps({ db, clock });
    expect((await complete()).status).toBe(200);
    const [row] = (await paymentsOf(swapId)).filter((p) => p.id === payment.id);
    expect(row).toMatchObject({ status: "refunded", refundReason: "paid_after_close" });
    expect(row.errorMessage).toBe(PAID_AFTER_CLOSE);
    expect((await swapRow(swapId)).receiverPaid).toBe(false);
  });

  test("a member charged twice through an old checkout is refunded automatically", async () => {
    const { swapId, proposerId } = await acceptedSwap();
    const first = await payByCard(swapId, proposerId);
    const second = await payByCard(swapId, proposerId);
    expect((await second.complete()).status).toBe(200);
    expect((await first.complete()).status).toBe(200);
    const rows = await paymentsOf(swapId);
    expect(rows.find((p) => p.id === second.payment.id)?.status).toBe("completed");
    expect(rows.find((p) => p.id === first.payment.id)).toMatchObject({
      status: "refunded",
      refundReason: "charged_twice",
      errorMessage: PAID_TWICE,
    });
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
  test("the last payment arriving as the swap lapses: it completes or it lapses and is refunded, never both", async () => {
    for (let trial = 0; trial < 5; trial++) {
      const { swapId, proposerId, receiverId } = await acceptedSwap();
      await grantCredit(db, proposerId, 999);
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
      // it: the job's next run (every minute) closes such a swap. What must never happen is both at once.
      await lapseUnpaidSwaps({ db, clock });
      const swap = await swapRow(swapId);
      const card = (await paymentsOf(swapId)).find((p) => p.provider === "local");
      if (swap.status === "completed") expect(card?.status).toBe("completed");
      else {
        expect(swap.status).toBe("expired");
        expect(card?.refundReason).not.toBeNull();
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
