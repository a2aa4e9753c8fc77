import { count, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { findListing } from "#core/listings/find-listing.ts";
import {
  CARD_NUMBER_REQUIRED,
  CVC_INVALID,
  CVC_REQUIRED,
  EXPIRY_INVALID,
  EXPIRY_PAST,
  EXPIRY_REQUIRED,
} from "#core/payments/checkout-card-rules.ts";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { findLocalCheckout } from "#core/payments/find-local-checkout.ts";
import { CHECKOUT_CLOSED, completeLocalCheckout } from "#core/payments/local-provider.ts";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { submitLocalCheckout } from "#core/payments/submit-local-checkout.ts";
import { AppError } from "#core/shared/app-error.ts";
import { systemClock } from "#core/shared/clock.ts";
import { findMySwaps, findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { creditLedger, paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createPaymentTestApp, grantCredit } from "../support/payment-fixtures";
import { createMember, createSwap } from "../support/factories";
import { TEST_ORIGIN } from "../support/test-app";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();
const { provider } = createPaymentTestApp(handle);

const deps = { db, clock: systemClock, provider, appUrl: TEST_ORIGIN };

/** This month and last month as MM/YY, in Sydney (a card is good until the end of its month). */
function expiryMonths(now = new Date()) {
  const parts = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Sydney", year: "numeric", month: "numeric" })
    .formatToParts(now)
    .reduce<Record<string, number>>((acc, p) => Object.assign(acc, { [p.type]: Number(p.value) }), {});
  const mmyy = (year: number, month: number) =>
    `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
  const last = parts.month === 1 ? mmyy(parts.year - 1, 12) : mmyy(parts.year, parts.month - 1);
  return { thisMonth: mmyy(parts.year, parts.month), lastMonth: last };
}

const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const DECLINED = { ...GOOD, cardNumber: "4000 0000 0000 0002" };

async function openCheckout(options: { credit?: number } = {}) {
  const swap = await createSwap(db, { status: "accepted" });
  if (options.credit) await grantCredit(db, swap.proposerId, options.credit);
  const started = await startHandshakePayment(deps, { swapId: swap.swapId, userId: swap.proposerId });
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const sessionId = new URL(started.url).pathname.replace("/checkout/", "");
  const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
  return { ...swap, sessionId, payment };
}

const submit = (sessionId: string, userId: string, card: Record<string, unknown>, now = new Date()) =>
  submitLocalCheckout(
    { db, provider },
    { sessionId, userId, now, card: card as { cardNumber: unknown; expiry: unknown; cvc: unknown } },
  );

/** Everything a checkout could record: its payment row, webhook events, the credit ledger, the swap. */
async function recorded(paymentId: string, swapId: string) {
  const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.id, paymentId));
  const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
  return {
    payment,
    swap,
    events: (await db.select({ n: count() }).from(webhookEvents))[0].n,
    ledger: (await db.select({ n: count() }).from(creditLedger))[0].n,
  };
}

describe("the local checkout checks the card on the server", () => {
  const { lastMonth } = expiryMonths();
  const refused: [string, Record<string, unknown>, Record<string, string>][] = [
    ["no expiry date", { ...GOOD, expiry: "" }, { expiry: EXPIRY_REQUIRED }],
    ["an expiry date in the past", { ...GOOD, expiry: lastMonth }, { expiry: EXPIRY_PAST }],
    ["an expiry date that is no date", { ...GOOD, expiry: "13/99" }, { expiry: EXPIRY_INVALID }],
    ["no CVC", { ...GOOD, cvc: "" }, { cvc: CVC_REQUIRED }],
    ["a CVC of two digits", { ...GOOD, cvc: "12" }, { cvc: CVC_INVALID }],
    ["nothing at all", {}, { cardNumber: CARD_NUMBER_REQUIRED, expiry: EXPIRY_REQUIRED, cvc: CVC_REQUIRED }],
    ["the declining card with a past expiry", { ...DECLINED, expiry: lastMonth }, { expiry: EXPIRY_PAST }],
  ];

  for (const [what, card, errors] of refused) {
    test(`${what} is answered with field messages and nothing is recorded`, async () => {
      const { sessionId, proposerId, payment, swapId } = await openCheckout({ credit: 300 });
      const before = await recorded(payment.id, swapId);

      expect(await submit(sessionId, proposerId, card)).toEqual({ outcome: "invalid", errors });

      expect(await recorded(payment.id, swapId)).toEqual(before);
      expect(before.payment.status).toBe("pending");
      // The checkout is still there to correct the form.
      expect(await findLocalCheckout(db, { sessionId, userId: proposerId, now: new Date() })).not.toBeNull();
    });
  }

  test("a card expiring this month still pays", async () => {
    const { sessionId, proposerId, swapId } = await openCheckout();
    expect(await submit(sessionId, proposerId, { ...GOOD, expiry: expiryMonths().thisMonth })).toEqual({
      outcome: "paid",
    });
    expect((await findSwapForParty(db, { swapId, userId: proposerId }))?.iPaid).toBe(true);
  });
});

describe("a declined card leaves the checkout open for another try", () => {
  test("the decline is recorded, the reserved credit goes back, the page stays, and the next card pays in the same session", async () => {
    const { sessionId, proposerId, payment, swapId } = await openCheckout({ credit: 500 });
    expect(await creditBalance(db, proposerId)).toBe(0);

    expect(await submit(sessionId, proposerId, DECLINED)).toEqual({
      outcome: "declined",
      message: "Your card was declined.",
    });
    const [failed] = await db.select().from(paymentLogs).where(eq(paymentLogs.id, payment.id));
    expect(failed).toMatchObject({ status: "failed", errorMessage: "Your card was declined." });
    expect(await creditBalance(db, proposerId)).toBe(500);
    const checkout = await findLocalCheckout(db, { sessionId, userId: proposerId, now: new Date() });
    expect(checkout).toMatchObject({ paymentId: payment.id, amountCents: 499, creditCents: 500 });

    // A second decline records its event but gives nothing back twice.
    expect(await submit(sessionId, proposerId, DECLINED)).toMatchObject({ outcome: "declined" });
    expect(await creditBalance(db, proposerId)).toBe(500);

    expect(await submit(sessionId, proposerId, GOOD)).toEqual({ outcome: "paid" });
    const [paid] = await db.select().from(paymentLogs).where(eq(paymentLogs.id, payment.id));
    // Held, not charged: the other member has not paid yet (decision 102).
    expect(paid).toMatchObject({ status: "held", creditCents: 500, errorMessage: null });
    expect(await creditBalance(db, proposerId)).toBe(0);
    expect((await findSwapForParty(db, { swapId, userId: proposerId }))?.iPaid).toBe(true);
    // Once paid, the checkout is closed: its page is the 404 page and another card is refused.
    expect(await findLocalCheckout(db, { sessionId, userId: proposerId, now: new Date() })).toBeNull();
    const again = await completeLocalCheckout(
      { db, provider },
      { sessionId, cardNumber: GOOD.cardNumber, now: new Date(), userId: proposerId },
    ).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).message).toBe(CHECKOUT_CLOSED);
  });

  test("a declined checkout that a newer one replaced is closed; the newer one takes the card", async () => {
    const first = await openCheckout();
    await submit(first.sessionId, first.proposerId, DECLINED);
    const started = await startHandshakePayment(deps, { swapId: first.swapId, userId: first.proposerId });
    if (started.kind !== "redirect") throw new Error("expected a checkout");
    const newer = new URL(started.url).pathname.replace("/checkout/", "");

    expect(
      await findLocalCheckout(db, { sessionId: first.sessionId, userId: first.proposerId, now: new Date() }),
    ).toBeNull();
    const old = await submit(first.sessionId, first.proposerId, GOOD).catch((e: unknown) => e);
    expect((old as AppError).message).toBe(CHECKOUT_CLOSED);
    expect(await submit(newer, first.proposerId, GOOD)).toEqual({ outcome: "paid" });
  });

  test("a declined checkout closes when the 48 hours to pay have passed", async () => {
    const { sessionId, proposerId, swapId } = await openCheckout();
    await submit(sessionId, proposerId, DECLINED);
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
    const late = new Date((swap.paymentDueAt as Date).getTime() + 1000);
    expect(await findLocalCheckout(db, { sessionId, userId: proposerId, now: late })).toBeNull();
  });

  test("a bogus session id, or someone else's checkout, is not found", async () => {
    const { sessionId, receiverId } = await openCheckout();
    const stranger = (await createMember(db)).id;
    expect(
      await findLocalCheckout(db, { sessionId: "cs_local_bogus", userId: receiverId, now: new Date() }),
    ).toBeNull();
    expect(await findLocalCheckout(db, { sessionId, userId: receiverId, now: new Date() })).toBeNull();
    expect(await findLocalCheckout(db, { sessionId, userId: stranger, now: new Date() })).toBeNull();
    const refused = await submit(sessionId, stranger, GOOD).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe("NOT_FOUND");
  });
});

describe("My Swaps as a deal screen", () => {
  test("both parties of an accepted swap can open both listings, reserved as they are; a stranger cannot", async () => {
    const { proposerId, receiverId, offeredListingId, targetListingId } = await createSwap(db, { status: "accepted" });
    const stranger = (await createMember(db)).id;
    for (const userId of [proposerId, receiverId]) {
      for (const id of [offeredListingId, targetListingId]) {
        expect(await findListing(db, { id, viewer: { userId } }), `${userId} ${id}`).toMatchObject({
          id,
          status: "reserved",
        });
      }
    }
    expect(await findListing(db, { id: targetListingId, viewer: { userId: stranger } })).toBeNull();
    expect(await findListing(db, { id: targetListingId })).toBeNull();
  });

  test("each card says whether the listings can be opened and who has paid", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    await db.update(swapProposals).set({ receiverPaid: true }).where(eq(swapProposals.id, swapId));

    const sent = (await findMySwaps(db, { userId: proposerId })).sent.find((s) => s.id === swapId);
    expect(sent).toMatchObject({ iPaid: false, theyPaid: true, feesWaived: false });
    expect(sent?.offered.viewable).toBe(true);
    expect(sent?.target.viewable).toBe(true);
    const received = await findSwapForParty(db, { swapId, userId: receiverId });
    expect(received).toMatchObject({ iPaid: true, theyPaid: false });
  });

  test("once a swap is declined, the other member's listing reserved in another swap is not linked", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await db.update(swapProposals).set({ status: "rejected", paymentDueAt: null }).where(eq(swapProposals.id, swapId));
    const card = await findSwapForParty(db, { swapId, userId: proposerId });
    // The proposer's own reserved listing is still theirs to open; the receiver's is not public.
    expect(card?.offered.viewable).toBe(true);
    expect(card?.target.viewable).toBe(false);
  });
});
