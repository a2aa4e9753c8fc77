import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import * as paymentPage from "#app/routes/admin/payments.$id.tsx";
import * as paymentsPage from "#app/routes/admin/payments.tsx";
import { systemClock } from "#core/shared/clock.ts";
import { completeLocalCheckout, TEST_CARD_SUCCESS } from "#core/payments/local-provider.ts";
import { findPaymentsForStaff } from "#core/payments/find-payments-for-staff.ts";
import { searchBackOffice } from "#core/back-office/search-back-office.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import {
  checkoutCompletedEvent,
  createPaymentTestApp,
  grantCredit,
  paymentFailedEvent,
  providerEventsOf,
} from "../support/payment-fixtures";
import { createStaff, createSwap } from "../support/factories";
import { load, postForm, type RouteCaller } from "../support/staff-route";
import { controlledClock, HOUR } from "../support/test-clock";
import { openCheckout, payByCard, payFromCredit, paymentRow, swapRow } from "../support/staff-payment-fixtures";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const testApp = createPaymentTestApp(handle, { clock: systemClock });
const pay = { db, clock: systemClock, provider: testApp.provider };
const caller: RouteCaller = { db, clock: systemClock, provider: testApp.provider, testApp };

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });

describe("the payments list and a payment's page", () => {
  test("newest first a page at a time, filtered by status and provider, amounts as dollars with two decimals", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    // The proposer's fee is held (the receiver has not paid yet); the receiver's checkout is open.
    const paid = await payByCard(pay, swapId, proposerId);
    const { payment: open, sessionId: openSession } = await openCheckout(pay, swapId, receiverId);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof findPaymentsForStaff>> = await findPaymentsForStaff(db, { cursor }, 1);
      seen.push(...page.payments.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([open.id, paid.id]);
    expect((await findPaymentsForStaff(db, { status: "held" })).payments.map((p) => p.id)).toEqual([paid.id]);
    expect((await findPaymentsForStaff(db, { status: "completed" })).payments).toEqual([]);
    expect((await findPaymentsForStaff(db, { provider: "credit" })).payments).toEqual([]);
    expect(
      (await findPaymentsForStaff(db, { provider: "local", status: "pending" })).payments.map((p) => p.id),
    ).toEqual([open.id]);

    const held = "held: charged when both have paid";
    const list = await load(caller, paymentsPage, { user: moderator, path: "/admin/payments?status=held" });
    expect(list.data?.payments).toMatchObject([
      { id: paid.id, amount: "$9.99", status: "held", memberName: "Priya Sharma", hold: held, refund: null },
    ]);
    expect(list.data?.mayReplay).toBe(false);
    const paymentPageOf = (id: string) =>
      load(caller, paymentPage, { user: moderator, path: `/admin/payments/${id}`, params: { id } });
    const events = (data: unknown) =>
      ((data as { events?: { type: string; status: string }[] })?.events ?? []).map((e) => [e.type, e.status]);
    const page = await paymentPageOf(paid.id);
    // Nothing was charged yet: there is nothing to refund.
    expect(page.data?.payment).toMatchObject({
      amount: "$9.99",
      paymentIntentId: paid.paymentIntentId,
      status: "held",
      hold: held,
      capturedAt: null,
      refundable: false,
    });
    expect(events(page.data)).toEqual([["checkout.session.completed", "processed"]]);
    expect(page.data?.mayRefund).toBe(false);

    // The receiver pays: the handshake captures both holds, which the list and the page show.
    await completeLocalCheckout(pay, { sessionId: openSession, cardNumber: TEST_CARD_SUCCESS, now: new Date() });
    const captured = await load(caller, paymentsPage, { user: moderator, path: "/admin/payments?status=completed" });
    expect(captured.data?.payments).toMatchObject([
      { id: open.id, amount: "$9.99", status: "completed", memberName: "Tom O'Brien", hold: "captured" },
      { id: paid.id, amount: "$9.99", status: "completed", memberName: "Priya Sharma", hold: "captured" },
    ]);
    expect((await findPaymentsForStaff(db, { status: "held" })).payments).toEqual([]);
    const after = await paymentPageOf(paid.id);
    expect(after.data?.payment).toMatchObject({
      status: "completed",
      hold: "captured",
      capturedAt: expect.any(String),
      refundable: true,
    });
    expect(events(after.data)).toEqual([
      ["checkout.session.completed", "processed"],
      ["payment_intent.succeeded", "processed"],
    ]);
  });

  test("a failed payment shows its error, or 'Payment failed' when the provider gave none", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const declined = await openCheckout(pay, swapId, proposerId);
    await testApp.postWebhook(JSON.stringify(paymentFailedEvent(declined.payment.id, "Your card was declined.")));
    const silent = await openCheckout(pay, swapId, receiverId);
    await testApp.postWebhook(JSON.stringify(paymentFailedEvent(silent.payment.id, null)));
    const list = await load(caller, paymentsPage, { user: admin, path: "/admin/payments?status=failed" });
    const failures = Object.fromEntries(
      ((list.data?.payments as { id: string; failure: string }[]) ?? []).map((p) => [p.id, p.failure]),
    );
    expect(failures[declined.payment.id]).toBe("Your card was declined.");
    expect(failures[silent.payment.id]).toBe("Payment failed");
  });

  test("the top bar's search finds a payment by its payment intent or checkout session id", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const paid = await payByCard(pay, swapId, proposerId);
    expect((await searchBackOffice(db, { q: paid.paymentIntentId ?? "" })).payments).toMatchObject([
      { id: paid.id, swapId, amountCents: 999, memberName: "Priya Sharma" },
    ]);
    expect((await searchBackOffice(db, { q: paid.checkoutSessionId ?? "" })).payments.map((p) => p.id)).toEqual([
      paid.id,
    ]);
    expect((await searchBackOffice(db, { q: "pi_nothing_like_it" })).payments).toEqual([]);
  });
});

describe("replaying payment webhooks", () => {
  // Its own clock, years on, so this file's other events are outside the 24 hours.
  const clock = controlledClock("2031-03-01T00:00:00.000Z");
  // An app on the same clock, so the provider's own webhooks (a capture the replay asks for) are signed and checked
  // at the same time.
  const replayApp = createPaymentTestApp(handle, { clock });
  const replayCaller: RouteCaller = { ...caller, clock, provider: replayApp.provider, testApp: replayApp };
  const replay = (user = admin) =>
    postForm(replayCaller, paymentsPage, { user, path: "/admin/payments", form: { intent: "replay" } });

  async function openPayment() {
    // Its 48 hours run from this block's clock.
    const swap = await createSwap(db, {
      status: "accepted",
      paymentDueAt: new Date(clock.now().getTime() + 48 * HOUR),
    });
    const { payment, sessionId } = await openCheckout({ ...pay, clock }, swap.swapId, swap.proposerId);
    return { ...swap, payment, sessionId };
  }
  /** An event stored on arrival but never processed (the process stopped in between). */
  async function storedEvent(event: { id: string; type: string }, hoursAgo: number) {
    await db.insert(webhookEvents).values({
      id: event.id,
      provider: "local",
      type: event.type,
      payload: event,
      status: "received",
      receivedAt: new Date(clock.now().getTime() - hoursAgo * HOUR),
    });
  }

  test("re-processes the last 24 hours' stored checkout and failure events through the same handler, reports how many, and replaying twice changes nothing", async () => {
    const completes = await openPayment();
    await storedEvent(checkoutCompletedEvent(completes.payment.id, completes.sessionId, { at: clock.now() }), 1);
    const fails = await openPayment();
    await storedEvent(paymentFailedEvent(fails.payment.id, null, { at: clock.now() }), 2);
    const tooOld = await openPayment();
    await storedEvent(checkoutCompletedEvent(tooOld.payment.id, tooOld.sessionId, { at: clock.now() }), 25);
    // The receiver already holds their fee from credit: the replayed checkout makes the handshake.
    const handshake = await openPayment();
    await grantCredit(db, handshake.receiverId, 999);
    const receiverHold = await payFromCredit({ ...pay, clock }, handshake.swapId, handshake.receiverId);
    expect(receiverHold).toMatchObject({ status: "held" });
    await storedEvent(checkoutCompletedEvent(handshake.payment.id, handshake.sessionId, { at: clock.now() }), 3);

    expect(await replay(moderator)).toMatchObject({
      status: 302,
      location: "/admin/payments",
      flash: "Only admins can replay payment webhooks",
    });
    expect((await paymentRow(db, completes.payment.id)).status).toBe("pending");

    expect(await replay()).toMatchObject({
      status: 302,
      location: "/admin/payments",
      flash: "Replayed 3 webhook events",
    });
    // Held, not charged: the other side has not paid, so nothing is captured.
    expect(await paymentRow(db, completes.payment.id)).toMatchObject({ status: "held", capturedAt: null });
    expect(await swapRow(db, completes.swapId)).toMatchObject({ status: "accepted", proposerPaid: true });
    expect(await paymentRow(db, fails.payment.id)).toMatchObject({ status: "failed", errorMessage: "Payment failed" });
    expect((await paymentRow(db, tooOld.payment.id)).status).toBe("pending");
    // The handshake the replay made captures both holds, as after a live webhook.
    expect((await swapRow(db, handshake.swapId)).status).toBe("arranging");
    for (const id of [handshake.payment.id, receiverHold.id]) {
      expect(await paymentRow(db, id)).toMatchObject({ status: "completed", capturedAt: expect.any(Date) });
    }
    expect(await providerEventsOf(db, handshake.payment.id)).toContainEqual(["payment_intent.succeeded", "processed"]);
    // The other party hears it is their turn, as after a live webhook.
    const told = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, `${completes.receiverId}@example.com.au`),
          eq(mailOutbox.template, "payment_needed"),
        ),
      );
    expect(told).toHaveLength(1);

    const before = await db.select().from(paymentLogs);
    const swapsBefore = await db.select().from(swapProposals);
    expect((await replay()).flash).toBe("Replayed 3 webhook events");
    expect(await db.select().from(paymentLogs)).toEqual(before);
    expect(await db.select().from(swapProposals)).toEqual(swapsBefore);

    const runs = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "replay_webhooks"))
      .orderBy(adminAuditLog.createdAt);
    expect(runs.map((r) => [r.adminId, r.targetType, r.metadata])).toEqual([
      [
        admin.id,
        "system",
        expect.objectContaining({ sinceHours: 24, replayed: 3, processed: 3, duplicate: 0, failed: 0 }),
      ],
      [
        admin.id,
        "system",
        expect.objectContaining({ sinceHours: 24, replayed: 3, processed: 0, duplicate: 3, failed: 0 }),
      ],
    ]);
  });
});
