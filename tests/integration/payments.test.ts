import { count, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { completeLocalCheckout } from "#core/payments/local-provider.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { ALREADY_PAID, CHECKOUT_UNAVAILABLE, startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { PAID_TWICE } from "#core/payments/handle-payment-event.ts";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { AppError } from "#core/shared/app-error.ts";
import { systemClock } from "#core/shared/clock.ts";
import { listings } from "#db/schema/listings.ts";
import { creditLedger, paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposalItems, swapProposals } from "#db/schema/swaps.ts";
import { MEMBER_NOT_ACTIVE } from "#core/swaps/swap-guards.ts";
import {
  checkoutCompletedEvent,
  createPaymentTestApp,
  grantCredit,
  ledgerEntries,
  ledgerOf,
  paymentFailedEvent,
  providerEventsOf,
} from "../support/payment-fixtures";
import { createListing, createMember, createSwap } from "../support/factories";
import { TEST_ORIGIN } from "../support/test-app";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();
const { app, provider, postWebhook } = createPaymentTestApp(handle);

const deps = { db, clock: systemClock, provider, appUrl: TEST_ORIGIN };

/** Starts a card payment and returns its row and the checkout session id from the redirect URL. */
async function startCardPayment(swapId: string, userId: string) {
  const started = await startHandshakePayment(deps, { swapId, userId });
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const sessionId = new URL(started.url).pathname.replace("/checkout/", "");
  const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
  return { url: started.url, sessionId, payment };
}

const paymentRow = async (id: string) => (await db.select().from(paymentLogs).where(eq(paymentLogs.id, id)))[0];
const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
const countRows = async (table: typeof paymentLogs | typeof webhookEvents | typeof creditLedger) =>
  (await db.select({ n: count() }).from(table))[0].n;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("starting a handshake payment", () => {
  test("the checkout names the deal as notices do: a bundle's further listings are counted", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const [{ offeredListingId }] = await db
      .select({ offeredListingId: swapProposals.offeredListingId })
      .from(swapProposals)
      .where(eq(swapProposals.id, swapId));
    const [lead] = await db.select({ title: listings.title }).from(listings).where(eq(listings.id, offeredListingId));
    for (const [position, title] of ["Paddle", "Life jacket"].entries())
      await db.insert(swapProposalItems).values({
        swapProposalId: swapId,
        listingId: await createListing(db, proposerId, { title }),
        side: "offered",
        position: position + 1,
      });
    const described: string[] = [];
    const noting: PaymentProvider = {
      ...provider,
      createCheckout: (input) => {
        described.push(input.description);
        return provider.createCheckout(input);
      },
    };
    await startHandshakePayment({ ...deps, provider: noting }, { swapId, userId: proposerId });
    expect(described).toHaveLength(1);
    expect(described[0]).toMatch(new RegExp(`^SwapShed handshake fee: ${lead.title} \\+ 2 more for .+$`));
    expect(described[0]).not.toMatch(/ more$/);
  });

  test("a party of an accepted swap is sent to the local checkout for AUD 9.99", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { url, sessionId, payment } = await startCardPayment(swapId, proposerId);
    expect(url).toBe(`${TEST_ORIGIN}/checkout/${sessionId}`);
    expect(sessionId).toMatch(/^cs_local_[0-9a-f]{24}$/);
    expect(payment).toMatchObject({
      userId: proposerId,
      swapProposalId: swapId,
      amountCents: 999,
      creditCents: 0,
      currency: "aud",
      status: "pending",
      provider: "local",
    });
  });

  test("a stranger cannot start payment for someone else's swap, and nothing is written", async () => {
    const { swapId } = await createSwap(db, { status: "accepted" });
    const stranger = (await createMember(db)).id;
    await grantCredit(db, stranger, 1000);
    const before = [await countRows(paymentLogs), await countRows(creditLedger), JSON.stringify(await swapRow(swapId))];

    const error = await refusal(startHandshakePayment(deps, { swapId, userId: stranger }));
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toBe("Swap proposal not found");
    const notAnId = await refusal(startHandshakePayment(deps, { swapId: "not-a-uuid", userId: stranger }));
    expect(notAnId.code).toBe("NOT_FOUND");

    expect([
      await countRows(paymentLogs),
      await countRows(creditLedger),
      JSON.stringify(await swapRow(swapId)),
    ]).toEqual(before);
  });

  test("a swap that is not accepted is not waiting for payment", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await db.update(swapProposals).set({ status: "rejected" }).where(eq(swapProposals.id, swapId));
    const error = await refusal(startHandshakePayment(deps, { swapId, userId: proposerId }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("This swap is not waiting for payment");
  });

  test("nobody pays for a swap whose other member was suspended: refused, nothing charged or written", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, receiverId));
    await grantCredit(db, proposerId, 2000);
    const error = await refusal(startHandshakePayment(deps, { swapId, userId: proposerId }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(MEMBER_NOT_ACTIVE);
    expect(await creditBalance(db, proposerId)).toBe(2000);
    expect(await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId))).toHaveLength(0);
  });

  test("paying twice is refused", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 2000);
    expect(await startHandshakePayment(deps, { swapId, userId: proposerId })).toEqual({ kind: "paid" });

    const error = await refusal(startHandshakePayment(deps, { swapId, userId: proposerId }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(ALREADY_PAID);
    // The second attempt spent nothing.
    expect(await creditBalance(db, proposerId)).toBe(2000 - 999);
    const payments = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(payments).toHaveLength(1);
  });

  test("a party with 1000 cents of credit pays with no card: the fee is held from credit and the ledger shows -999", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 1000);

    expect(await startHandshakePayment(deps, { swapId, userId: proposerId })).toEqual({ kind: "paid" });

    expect(await ledgerOf(db, proposerId)).toEqual(ledgerEntries([1000, "admin_credit"], [-999, "handshake_fee"]));
    expect(await creditBalance(db, proposerId)).toBe(1);
    const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    // Set aside, not spent: the other side has not paid, so nothing is captured yet.
    expect(payment).toMatchObject({
      provider: "credit",
      amountCents: 0,
      creditCents: 999,
      status: "held",
      capturedAt: null,
      releasedAt: null,
      releaseReason: null,
    });
    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", proposerPaid: true, receiverPaid: false });
  });

  test("starting a new checkout supersedes the earlier one and gives its reserved credit back", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const first = await startCardPayment(swapId, proposerId);
    const second = await startCardPayment(swapId, proposerId);

    expect(await paymentRow(first.payment.id)).toMatchObject({
      status: "failed",
      errorMessage: "Superseded by a new checkout",
    });
    expect(second.payment).toMatchObject({ status: "pending", amountCents: 499, creditCents: 500 });
    expect(await ledgerOf(db, proposerId)).toEqual(
      ledgerEntries([500, "admin_credit"], [-500, "handshake_fee"], [500, "reversal"], [-500, "handshake_fee"]),
    );
  });

  test("a checkout the provider cannot open fails the payment and gives the credit back", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const unavailable: PaymentProvider = {
      ...provider,
      createCheckout: async () => {
        throw new Error("provider unreachable");
      },
    };
    const error = await refusal(
      startHandshakePayment({ ...deps, provider: unavailable }, { swapId, userId: proposerId }),
    );
    expect(error.message).toBe(CHECKOUT_UNAVAILABLE);
    const [payment] = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(payment).toMatchObject({ status: "failed", errorMessage: CHECKOUT_UNAVAILABLE, checkoutSessionId: null });
    expect(await creditBalance(db, proposerId)).toBe(500);
  });
});

describe("the local checkout", () => {
  test("the 4242 card holds the fee through a signed webhook and marks the party paid; nothing is charged until the other side pays", async () => {
    const { swapId, receiverId } = await createSwap(db, { status: "accepted" });
    const { sessionId, payment } = await startCardPayment(swapId, receiverId);

    const outcome = await completeLocalCheckout(
      { db, provider },
      { sessionId, cardNumber: "4242 4242 4242 4242", now: new Date(), userId: receiverId },
    );

    expect(outcome).toEqual({ outcome: "paid" });
    const paid = await paymentRow(payment.id);
    expect(paid).toMatchObject({ status: "held", errorMessage: null, capturedAt: null, releaseReason: null });
    expect(paid.paymentIntentId).toMatch(/^pi_local_/);
    // The card is only authorised: the provider was not asked to capture (charge) it.
    expect(await providerEventsOf(db, payment.id)).toEqual([["checkout.session.completed", "processed"]]);
    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", receiverPaid: true, proposerPaid: false });
    const [stored] = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, "checkout.session.completed"))
      .limit(1);
    expect(stored.provider).toBe("local");
  });

  test("the 4000 0000 0000 0002 card is declined and the error is stored; the checkout stays open for another card", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { sessionId, payment } = await startCardPayment(swapId, proposerId);

    const outcome = await completeLocalCheckout(
      { db, provider },
      { sessionId, cardNumber: "4000000000000002", now: new Date() },
    );

    expect(outcome).toEqual({ outcome: "declined", message: "Your card was declined." });
    expect(await paymentRow(payment.id)).toMatchObject({ status: "failed", errorMessage: "Your card was declined." });
    expect(await swapRow(swapId)).toMatchObject({ proposerPaid: false });
    // Like a hosted checkout, the same session takes another card (decision 044).
    const again = await completeLocalCheckout(
      { db, provider },
      { sessionId, cardNumber: "4242424242424242", now: new Date() },
    );
    expect(again).toEqual({ outcome: "paid" });
    expect(await paymentRow(payment.id)).toMatchObject({ status: "held", errorMessage: null, capturedAt: null });
    expect(await swapRow(swapId)).toMatchObject({ proposerPaid: true });
  });

  test("any other card number is declined as not a test card", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { sessionId, payment } = await startCardPayment(swapId, proposerId);
    const outcome = await completeLocalCheckout(
      { db, provider },
      { sessionId, cardNumber: "5555 5555 5555 4444", now: new Date() },
    );
    const message = "Your card number is not a test card. Use 4242 4242 4242 4242.";
    expect(outcome).toEqual({ outcome: "declined", message });
    expect(await paymentRow(payment.id)).toMatchObject({ status: "failed", errorMessage: message });
  });

  test("only the payer can complete their checkout", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const { sessionId } = await startCardPayment(swapId, proposerId);
    const error = await refusal(
      completeLocalCheckout(
        { db, provider },
        { sessionId, cardNumber: "4242424242424242", now: new Date(), userId: receiverId },
      ),
    );
    expect(error.code).toBe("NOT_FOUND");
  });

  test("a failure without a message from the provider is stored as 'Payment failed'", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { payment } = await startCardPayment(swapId, proposerId);
    const res = await postWebhook(JSON.stringify(paymentFailedEvent(payment.id, null)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, result: "processed" });
    expect(await paymentRow(payment.id)).toMatchObject({ status: "failed", errorMessage: "Payment failed" });
  });
});

describe("payment webhooks", () => {
  test("a webhook with a bad signature, a tampered body, no signature or a 10-minute-old timestamp is refused and records nothing", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { payment, sessionId } = await startCardPayment(swapId, proposerId);
    const body = JSON.stringify(checkoutCompletedEvent(payment.id, sessionId));
    const tampered = body.replace(payment.id, "00000000-0000-4000-8000-000000000000");
    const eventsBefore = await countRows(webhookEvents);

    const attempts = [
      postWebhook(body, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` }),
      postWebhook(tampered, { signedBody: body }),
      postWebhook(body, { signature: null }),
      postWebhook(body, { at: new Date(Date.now() - 10 * 60 * 1000) }),
      postWebhook(body, { signature: "v1=garbage" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid signature" });
    }
    expect(await countRows(webhookEvents)).toBe(eventsBefore);
    expect(await paymentRow(payment.id)).toMatchObject({ status: "pending" });
    expect(await swapRow(swapId)).toMatchObject({ proposerPaid: false });
  });

  test("the same completed event delivered 10 times at once records one payment and marks the party paid once", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { payment, sessionId } = await startCardPayment(swapId, proposerId);
    const event = checkoutCompletedEvent(payment.id, sessionId);
    const body = JSON.stringify(event);

    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body)));

    const results = await Promise.all(
      responses.map(async (res) => {
        expect(res.status).toBe(200);
        return ((await res.json()) as { result: string }).result;
      }),
    );
    expect(results.filter((r) => r === "processed")).toHaveLength(1);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(9);
    const payments = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "held",
      capturedAt: null,
      paymentIntentId: event.data.object.payment_intent,
    });
    expect(await swapRow(swapId)).toMatchObject({ proposerPaid: true, receiverPaid: false, status: "accepted" });
    const stored = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].status).toBe("processed");
    expect(stored[0].processedAt).toBeInstanceOf(Date);
  });

  test("a failed event then a completed one for the same payment ends held (the other side has not paid)", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { payment, sessionId } = await startCardPayment(swapId, proposerId);

    expect((await postWebhook(JSON.stringify(paymentFailedEvent(payment.id, "Your card was declined.")))).status).toBe(
      200,
    );
    expect(await paymentRow(payment.id)).toMatchObject({ status: "failed" });
    expect((await postWebhook(JSON.stringify(checkoutCompletedEvent(payment.id, sessionId)))).status).toBe(200);

    expect(await paymentRow(payment.id)).toMatchObject({ status: "held", errorMessage: null, capturedAt: null });
    expect(await swapRow(swapId)).toMatchObject({ proposerPaid: true });
  });

  test("a completed event then a late failed one for the same payment ends held", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { payment, sessionId } = await startCardPayment(swapId, proposerId);

    await postWebhook(JSON.stringify(checkoutCompletedEvent(payment.id, sessionId)));
    const late = await postWebhook(JSON.stringify(paymentFailedEvent(payment.id, "Your card was declined.")));
    expect(late.status).toBe(200);

    expect(await paymentRow(payment.id)).toMatchObject({ status: "held", errorMessage: null });
    expect(await swapRow(swapId)).toMatchObject({ proposerPaid: true });
  });

  test("an event for an unknown payment is kept as failed and ignored, and the provider gets a 200", async () => {
    const event = checkoutCompletedEvent("00000000-0000-4000-8000-000000000000", "cs_local_unknown");
    const res = await postWebhook(JSON.stringify(event));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, result: "ignored" });
    const [stored] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(stored).toMatchObject({ status: "failed", error: "No payment matches this event" });
  });

  test("an event of another type is stored and ignored", async () => {
    const event = { ...checkoutCompletedEvent("00000000-0000-4000-8000-000000000000", null), type: "customer.created" };
    const res = await postWebhook(JSON.stringify(event));
    expect(await res.json()).toEqual({ received: true, result: "ignored" });
    const [stored] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(stored).toMatchObject({ type: "customer.created", provider: "local" });
  });

  test("the Stripe endpoint is closed while payments are local", async () => {
    const res = await app.request("/api/webhooks/stripe", { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
  });
});

describe("account credit", () => {
  test("a party with 500 cents of credit pays 499 by card and the ledger nets to zero after success", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const { sessionId, payment } = await startCardPayment(swapId, proposerId);
    expect(payment).toMatchObject({ amountCents: 499, creditCents: 500 });
    // The credit is reserved as soon as the checkout opens.
    expect(await creditBalance(db, proposerId)).toBe(0);

    await completeLocalCheckout({ db, provider }, { sessionId, cardNumber: "4242424242424242", now: new Date() });

    expect(await paymentRow(payment.id)).toMatchObject({ status: "held", amountCents: 499, creditCents: 500 });
    expect(await ledgerOf(db, proposerId)).toEqual(ledgerEntries([500, "admin_credit"], [-500, "handshake_fee"]));
    expect(await creditBalance(db, proposerId)).toBe(0);
  });

  test("a party with 500 cents of credit gets the 500 back after a decline", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const { sessionId } = await startCardPayment(swapId, proposerId);

    await completeLocalCheckout({ db, provider }, { sessionId, cardNumber: "4000 0000 0000 0002", now: new Date() });

    expect(await ledgerOf(db, proposerId)).toEqual(
      ledgerEntries([500, "admin_credit"], [-500, "handshake_fee"], [500, "reversal"]),
    );
    expect(await creditBalance(db, proposerId)).toBe(500);
  });

  test("a payment that failed and then completed takes its credit again", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const { sessionId, payment } = await startCardPayment(swapId, proposerId);

    await postWebhook(JSON.stringify(paymentFailedEvent(payment.id, null)));
    expect(await creditBalance(db, proposerId)).toBe(500);
    await postWebhook(JSON.stringify(checkoutCompletedEvent(payment.id, sessionId)));

    expect(await creditBalance(db, proposerId)).toBe(0);
    expect(await paymentRow(payment.id)).toMatchObject({ status: "held", creditCents: 500, errorMessage: null });
  });

  test("when the credit was spent in between, the late completion still counts and records the shortfall", async () => {
    const first = await createSwap(db, { status: "accepted" });
    const { proposerId } = first;
    await grantCredit(db, proposerId, 500);
    const { sessionId, payment } = await startCardPayment(first.swapId, proposerId);
    await postWebhook(JSON.stringify(paymentFailedEvent(payment.id, null)));
    // The returned 500 goes on another swap's fee before the late completion arrives.
    const second = await createSwap(db, { status: "accepted", proposerId });
    await startCardPayment(second.swapId, proposerId);

    await postWebhook(JSON.stringify(checkoutCompletedEvent(payment.id, sessionId)));

    const settled = await paymentRow(payment.id);
    expect(settled).toMatchObject({ status: "held", creditCents: 0 });
    expect(settled.errorMessage).toContain("Credit shortfall: 500 cents");
    expect(await creditBalance(db, proposerId)).toBe(0);
    expect(await swapRow(first.swapId)).toMatchObject({ proposerPaid: true });
  });

  test("credit cannot pay two fees when two checkouts start at the same moment", async () => {
    const first = await createSwap(db, { status: "accepted" });
    const second = await createSwap(db, { status: "accepted", proposerId: first.proposerId });
    await grantCredit(db, first.proposerId, 999);

    const results = await Promise.all(
      [first.swapId, second.swapId].map((swapId) => startHandshakePayment(deps, { swapId, userId: first.proposerId })),
    );

    expect(results.map((r) => r.kind).sort()).toEqual(["paid", "redirect"]);
    expect(await creditBalance(db, first.proposerId)).toBe(0);
    const card = await db.select().from(paymentLogs).where(eq(paymentLogs.provider, "local"));
    const pending = card.filter((p) => [first.swapId, second.swapId].includes(p.swapProposalId ?? ""));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ amountCents: 999, creditCents: 0, status: "pending" });
  });
});

describe("completing a swap", () => {
  test("when both parties have paid the swap is arranging (the handshake) and both listings are swapped", async () => {
    const { swapId, proposerId, receiverId, offeredListingId, targetListingId } = await createSwap(db, {
      status: "accepted",
    });
    await grantCredit(db, receiverId, 999);

    const proposer = await startCardPayment(swapId, proposerId);
    await completeLocalCheckout(
      { db, provider },
      { sessionId: proposer.sessionId, cardNumber: "4242 4242 4242 4242", now: new Date() },
    );
    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", proposerPaid: true });

    expect(await paymentRow(proposer.payment.id)).toMatchObject({ status: "held", capturedAt: null });

    expect(await startHandshakePayment(deps, { swapId, userId: receiverId })).toEqual({ kind: "paid" });

    const swap = await swapRow(swapId);
    expect(swap).toMatchObject({ status: "arranging", proposerPaid: true, receiverPaid: true, completedAt: null });
    expect(swap.handshakeAt).toBeInstanceOf(Date);
    for (const id of [offeredListingId, targetListingId]) {
      const [listing] = await db.select({ status: listings.status }).from(listings).where(eq(listings.id, id));
      expect(listing.status).toBe("swapped");
    }
    // The handshake captures both holds: the proposer's card is charged now, the receiver's credit is spent.
    const payments = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(payments).toHaveLength(2);
    for (const payment of payments) {
      expect(payment).toMatchObject({ status: "completed", releaseReason: null, releasedAt: null, refundReason: null });
      expect(payment.capturedAt).toBeInstanceOf(Date);
    }
    expect(await providerEventsOf(db, proposer.payment.id)).toEqual([
      ["checkout.session.completed", "processed"],
      ["payment_intent.succeeded", "processed"],
    ]);
    expect(await ledgerOf(db, receiverId)).toEqual(ledgerEntries([999, "admin_credit"], [-999, "handshake_fee"]));
  });

  test("when the second party pays by card through the webhook, both cards are captured once", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const proposer = await startCardPayment(swapId, proposerId);
    const receiver = await startCardPayment(swapId, receiverId);
    const pay = (sessionId: string) =>
      completeLocalCheckout({ db, provider }, { sessionId, cardNumber: "4242 4242 4242 4242", now: new Date() });

    await pay(proposer.sessionId);
    expect(await paymentRow(proposer.payment.id)).toMatchObject({ status: "held", capturedAt: null });
    expect(await providerEventsOf(db, proposer.payment.id)).toEqual([["checkout.session.completed", "processed"]]);

    await pay(receiver.sessionId);

    expect(await swapRow(swapId)).toMatchObject({ status: "arranging", proposerPaid: true, receiverPaid: true });
    for (const { payment } of [proposer, receiver]) {
      const captured = await paymentRow(payment.id);
      expect(captured).toMatchObject({
        status: "completed",
        releaseReason: null,
        refundReason: null,
        settlingAt: null,
      });
      expect(captured.capturedAt).toBeInstanceOf(Date);
      // The provider was asked to capture this card exactly once, and said so in a signed webhook.
      expect((await providerEventsOf(db, payment.id)).filter(([type]) => type === "payment_intent.succeeded")).toEqual([
        ["payment_intent.succeeded", "processed"],
      ]);
    }
  });

  test("a checkout left open in an old tab that pays after the member already paid does not count, and its hold is released automatically", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const old = await startCardPayment(swapId, proposerId);
    const current = await startCardPayment(swapId, proposerId);
    await postWebhook(JSON.stringify(checkoutCompletedEvent(current.payment.id, current.sessionId)));

    await postWebhook(JSON.stringify(checkoutCompletedEvent(old.payment.id, old.sessionId)));

    const stale = await paymentRow(old.payment.id);
    // Let go at the provider (nothing was charged), not refunded.
    expect(stale).toMatchObject({
      status: "released",
      releaseReason: "charged_twice",
      errorMessage: PAID_TWICE,
      capturedAt: null,
      refundReason: null,
      refundedAt: null,
    });
    expect(stale.errorMessage).toMatch(/^Held twice/);
    expect(stale.releasedAt).toBeInstanceOf(Date);
    expect(stale.paymentIntentId).toMatch(/^pi_test_/);
    const told = (await providerEventsOf(db, old.payment.id)).map(([type, status]) => `${type} ${status}`);
    expect(told).toContain("payment_intent.canceled processed");
    expect(told).not.toContain("payment_intent.succeeded processed");
    expect(told.filter((t) => t.startsWith("charge.refunded"))).toEqual([]);
    // The newer checkout still holds the fee, and the member still counts as paid once.
    expect(await paymentRow(current.payment.id)).toMatchObject({ status: "held" });
    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", proposerPaid: true });
  });
});
