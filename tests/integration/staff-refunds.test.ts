import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as paymentPage from "#app/routes/admin/payments.$id.tsx";
import * as swapPage from "#app/routes/admin/swaps.$id.tsx";
import { refundText } from "#app/components/admin/payment-labels.ts";
import { applyCredit, NOT_A_PARTY } from "#core/payments/apply-credit.ts";
import { REASON_REQUIRED } from "#core/shared/reason.ts";
import { creditBalance } from "#core/payments/credit-balance.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { refundOwedPayments } from "#core/payments/refund-owed-payments.ts";
import { ALREADY_REFUNDED, issueRefund, ONLY_COMPLETED, REFUND_UNDER_WAY } from "#core/payments/issue-refund.ts";
import { systemClock } from "#core/shared/clock.ts";
import { findPaymentForStaff } from "#core/payments/find-payment-for-staff.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import {
  createPaymentTestApp,
  grantCredit,
  ledgerEntries,
  ledgerOf,
  watchingRefunds,
} from "../support/payment-fixtures";
import { createStaff, createSwap, staffActor } from "../support/factories";
import { load, postForm, type RouteCaller } from "../support/staff-route";
import { refusal } from "../support/swap-fixtures";
import {
  auditRows,
  openCheckout,
  payByCard,
  payFromCredit,
  paymentRow,
  swapRow,
} from "../support/staff-payment-fixtures";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();
const clock = systemClock;
const testApp = createPaymentTestApp(handle, { clock });
const { provider } = testApp;
const pay = { db, clock, provider };
const caller: RouteCaller = { db, clock, provider, testApp };

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const actor = staffActor(admin, ["admin"], "203.0.113.7");

/** Both parties paid by card: the handshake, so both holds are captured (charged) and can be refunded. */
async function completedSwap() {
  const swap = await createSwap(db, { status: "accepted" });
  const proposerPayment = await payByCard(pay, swap.swapId, swap.proposerId);
  const receiverPayment = await payByCard(pay, swap.swapId, swap.receiverId);
  for (const { id } of [proposerPayment, receiverPayment]) {
    expect(await paymentRow(db, id)).toMatchObject({ status: "completed", capturedAt: expect.any(Date) });
  }
  return { ...swap, proposerPayment, receiverPayment };
}

const refundAt = (paymentId: string, form: Record<string, string>, user = admin) =>
  postForm(caller, paymentPage, { user, path: `/admin/payments/${paymentId}`, params: { id: paymentId }, form });

describe("issuing a refund", () => {
  test("an admin refunds a completed card payment: the local provider's signed charge.refunded webhook goes through the same handler, the payment is refunded and its page shows the refund; one audit row", async () => {
    const { swapId, proposerPayment } = await completedSwap();
    expect(await refundAt(proposerPayment.id, { intent: "refund", reason: "" })).toMatchObject({
      status: 400,
      error: `Failed to issue refund: ${REASON_REQUIRED}`,
    });
    expect((await paymentRow(db, proposerPayment.id)).status).toBe("completed");

    const answer = await refundAt(proposerPayment.id, { intent: "refund", reason: "Charged in error" });
    expect(answer).toMatchObject({
      status: 302,
      location: `/admin/payments/${proposerPayment.id}`,
      flash: "Refund issued",
    });
    const refunded = await paymentRow(db, proposerPayment.id);
    expect(refunded).toMatchObject({ status: "refunded", refundReason: "admin_refund" });
    expect(refunded.refundedAt).not.toBeNull();
    // Both had paid (the handshake): the swap stays arranging (the refund is a goodwill gesture).
    expect(await swapRow(db, swapId)).toMatchObject({ status: "arranging", proposerPaid: true });

    const page = await findPaymentForStaff(db, { paymentId: proposerPayment.id });
    const refundEvent = page?.events.find((e) => e.type === "charge.refunded");
    expect(refundEvent).toMatchObject({ status: "processed", provider: "local" });
    expect(refundEvent?.refundId).toMatch(/^re_local_/);
    const [stored] = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, refundEvent?.id ?? ""));
    expect(stored.payload).toMatchObject({
      data: { object: { payment_intent: proposerPayment.paymentIntentId, refunded: true, amount_refunded: 999 } },
    });

    const [row, ...more] = await auditRows(db, "issue_refund", proposerPayment.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ adminId: admin.id, targetType: "payment" });
    expect(row.metadata).toMatchObject({
      reason: "Charged in error",
      swapId,
      amountCents: 999,
      creditCents: 0,
      provider: "local",
      feeReleased: false,
    });

    expect(await refundAt(proposerPayment.id, { intent: "refund", reason: "again" })).toMatchObject({
      status: 409,
      error: `Failed to issue refund: ${ALREADY_REFUNDED}`,
    });
    expect(await auditRows(db, "issue_refund", proposerPayment.id)).toHaveLength(1);
  });

  test("a fee only held while its swap still waits for payment cannot be refunded (nothing was charged): refused, not offered, nothing changes, no audit row", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const held = await payByCard(pay, swapId, proposerId);
    expect(held).toMatchObject({ status: "held", amountCents: 499, creditCents: 500, capturedAt: null });
    const { refunded: calls, provider: watchedProvider } = watchingRefunds(provider);

    const answer = await postForm(caller, swapPage, {
      user: admin,
      path: `/admin/swaps/${swapId}`,
      params: { id: swapId },
      form: { intent: "refund", paymentId: held.id, reason: "Dispute" },
    });
    expect(answer).toMatchObject({ status: 409, error: `Failed to issue refund: ${ONLY_COMPLETED}` });
    expect(
      await refusal(issueRefund({ db, clock, provider: watchedProvider }, { actor, paymentId: held.id, reason: "x" })),
    ).toEqual({ code: "CONFLICT", message: ONLY_COMPLETED });
    expect(calls).toEqual([]);
    expect(await paymentRow(db, held.id)).toEqual(held);
    expect((await swapRow(db, swapId)).proposerPaid).toBe(true);
    expect(await ledgerOf(db, proposerId)).toEqual(ledgerEntries([500, "admin_credit"], [-500, "handshake_fee"]));
    expect(await auditRows(db, "issue_refund", held.id)).toHaveLength(0);

    // The back office shows the hold and offers no refund for it.
    const page = await load(caller, paymentPage, {
      user: admin,
      path: `/admin/payments/${held.id}`,
      params: { id: held.id },
    });
    expect(page.data?.payment).toMatchObject({
      status: "held",
      refundable: false,
      hold: "held: charged when both have paid",
    });
  });

  test("a fee captured before holds existed, refunded while its swap still waits for payment, no longer counts, and the credit it used goes back to the ledger", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await grantCredit(db, proposerId, 500);
    const paid = await payByCard(pay, swapId, proposerId);
    // Before decision 102 a fee was charged at once, so one could be captured while its swap still waited for the
    // other side; the migration marks such fees captured. Only such a legacy fee can be refunded at this stage.
    await db
      .update(paymentLogs)
      .set({ status: "completed", capturedAt: paid.updatedAt })
      .where(eq(paymentLogs.id, paid.id));
    expect(await paymentRow(db, paid.id)).toMatchObject({ status: "completed", amountCents: 499, creditCents: 500 });
    expect((await swapRow(db, swapId)).proposerPaid).toBe(true);

    const answer = await postForm(caller, swapPage, {
      user: admin,
      path: `/admin/swaps/${swapId}`,
      params: { id: swapId },
      form: { intent: "refund", paymentId: paid.id, reason: "Dispute" },
    });
    expect(answer.flash).toBe("Refund issued");
    expect(await paymentRow(db, paid.id)).toMatchObject({ status: "refunded" });
    expect((await swapRow(db, swapId)).proposerPaid).toBe(false);
    expect(await ledgerOf(db, proposerId)).toEqual(
      ledgerEntries([500, "admin_credit"], [-500, "handshake_fee"], [500, "refund"]),
    );
    // They can pay again (with the returned credit first).
    const again = await openCheckout(pay, swapId, proposerId);
    expect(again.payment).toMatchObject({ amountCents: 499, creditCents: 500 });
  });

  test("a fee paid wholly from credit, captured at the handshake, is refunded to the ledger at once, without the provider", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    await payByCard(pay, swapId, proposerId);
    await grantCredit(db, receiverId, 999);
    const payment = await payFromCredit(pay, swapId, receiverId);
    expect(payment).toMatchObject({ status: "completed", capturedAt: expect.any(Date) });
    expect((await swapRow(db, swapId)).status).toBe("arranging");
    const { refunded: calls, provider: watchedProvider } = watchingRefunds(provider);
    expect(
      await issueRefund({ db, clock, provider: watchedProvider }, { actor, paymentId: payment.id, reason: "goodwill" }),
    ).toMatchObject({ status: "refunded", refundId: null });
    expect(calls).toEqual([]);
    expect(await paymentRow(db, payment.id)).toMatchObject({ status: "refunded", refundReason: "admin_refund" });
    expect(await creditBalance(db, receiverId)).toBe(999);
  });

  test("only a completed payment can be refunded: an open checkout or an unknown payment is refused, nothing changes and no audit row is written", async () => {
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    const { payment: pending } = await openCheckout(pay, swapId, proposerId);
    expect(await refusal(issueRefund(pay, { actor, paymentId: pending.id, reason: "x" }))).toEqual({
      code: "CONFLICT",
      message: ONLY_COMPLETED,
    });
    expect(await refusal(issueRefund(pay, { actor, paymentId: crypto.randomUUID(), reason: "x" }))).toEqual({
      code: "NOT_FOUND",
      message: "Payment not found",
    });
    expect(await refusal(issueRefund(pay, { actor, paymentId: "nope", reason: "x" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await paymentRow(db, pending.id)).toEqual(pending);
    expect(await auditRows(db, "issue_refund", pending.id)).toHaveLength(0);
  });

  test("a moderator is refused Issue refund and Apply credit on the server: told why in the back office, nothing changed, no audit row", async () => {
    const { swapId, proposerId, proposerPayment } = await completedSwap();
    expect(await refundAt(proposerPayment.id, { intent: "refund", reason: "forged" }, moderator)).toMatchObject({
      status: 302,
      location: expect.stringMatching(/^\/admin\//),
      flash: "Only admins can issue refunds",
    });
    const credit = await postForm(caller, swapPage, {
      user: moderator,
      path: `/admin/swaps/${swapId}`,
      params: { id: swapId },
      form: { intent: "credit", userId: proposerId, reason: "forged" },
    });
    expect(credit).toMatchObject({
      status: 302,
      location: `/admin/swaps/${swapId}`,
      flash: "Only admins can apply credit",
    });
    expect(await paymentRow(db, proposerPayment.id)).toMatchObject({ status: "completed", refundReason: null });
    expect(await creditBalance(db, proposerId)).toBe(0);
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, moderator.id))).toHaveLength(0);
  });

  test("ten refunds of one payment at once: exactly one goes through, the provider is asked once, one audit row", async () => {
    const { proposerPayment } = await completedSwap();
    const { refunded: calls, provider: watchedProvider } = watchingRefunds(provider);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        issueRefund(
          { db, clock, provider: watchedProvider },
          { actor, paymentId: proposerPayment.id, reason: "double click" },
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect([ALREADY_REFUNDED, REFUND_UNDER_WAY]).toContain((r as PromiseRejectedResult).reason.message);
    }
    expect(calls).toEqual([proposerPayment.paymentIntentId]);
    expect(await paymentRow(db, proposerPayment.id)).toMatchObject({ status: "refunded" });
    expect(await auditRows(db, "issue_refund", proposerPayment.id)).toHaveLength(1);
    const refundEvents = (await findPaymentForStaff(db, { paymentId: proposerPayment.id }))?.events.filter(
      (e) => e.type === "charge.refunded",
    );
    expect(refundEvents).toHaveLength(1);
  });

  test("a provider that does not answer leaves the refund owed, shown as pending, and the background run makes it", async () => {
    const { proposerPayment } = await completedSwap();
    const down: PaymentProvider = {
      ...provider,
      refund: async () => Promise.reject(new Error("provider unavailable")),
    };
    expect(
      await issueRefund(
        { db, clock, provider: down },
        { actor, paymentId: proposerPayment.id, reason: "charged in error" },
      ),
    ).toMatchObject({ status: "owed" });
    const owed = await paymentRow(db, proposerPayment.id);
    expect(owed).toMatchObject({ status: "completed", refundReason: "admin_refund", refundedAt: null });
    expect(refundText(owed)).toBe("refund pending (by an admin)");
    expect(await refusal(issueRefund(pay, { actor, paymentId: proposerPayment.id, reason: "again" }))).toMatchObject({
      message: REFUND_UNDER_WAY,
    });
    expect(await refundOwedPayments({ db, clock, provider })).toContain(proposerPayment.id);
    expect(await paymentRow(db, proposerPayment.id)).toMatchObject({
      status: "refunded",
      refundReason: "admin_refund",
    });
  });

  test("a refund made in the provider's dashboard reaches the payment through its webhook; a partial one changes nothing", async () => {
    const { proposerPayment, receiverPayment } = await completedSwap();
    const chargeRefunded = (paymentIntentId: string | null, full: boolean) => ({
      id: `evt_test_${crypto.randomBytes(8).toString("hex")}`,
      object: "event",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "ch_test",
          object: "charge",
          payment_intent: paymentIntentId,
          amount: 999,
          amount_refunded: full ? 999 : 300,
          refunded: full,
        },
      },
    });
    const partial = await testApp.postWebhook(JSON.stringify(chargeRefunded(receiverPayment.paymentIntentId, false)));
    expect(await partial.json()).toEqual({ received: true, result: "ignored" });
    expect((await paymentRow(db, receiverPayment.id)).status).toBe("completed");

    const full = chargeRefunded(proposerPayment.paymentIntentId, true);
    expect(await (await testApp.postWebhook(JSON.stringify(full))).json()).toEqual({
      received: true,
      result: "processed",
    });
    expect(await paymentRow(db, proposerPayment.id)).toMatchObject({
      status: "refunded",
      refundReason: "provider_refund",
    });
    // Delivered again: once only.
    expect(await (await testApp.postWebhook(JSON.stringify(full))).json()).toEqual({
      received: true,
      result: "duplicate",
    });
  });
});

describe("applying credit", () => {
  test("an admin gives one of the swap's members 500 cents of credit with a reason: one ledger row, one audit row, and it pays their next fee first", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const other = await createSwap(db, { status: "accepted" });
    const act = (form: Record<string, string>) =>
      postForm(caller, swapPage, { user: admin, path: `/admin/swaps/${swapId}`, params: { id: swapId }, form });

    expect(await act({ intent: "credit", userId: receiverId, reason: "" })).toMatchObject({
      status: 400,
      error: `Failed to apply credit: ${REASON_REQUIRED}`,
    });
    expect(await act({ intent: "credit", userId: other.proposerId, reason: "goodwill" })).toMatchObject({
      status: 404,
      error: `Failed to apply credit: ${NOT_A_PARTY}`,
    });
    expect(await creditBalance(db, other.proposerId)).toBe(0);

    expect(await act({ intent: "credit", userId: receiverId, reason: "Late delivery" })).toMatchObject({
      status: 302,
      flash: "Credit applied",
    });
    expect(await ledgerOf(db, receiverId)).toEqual([[500, "admin_credit"]]);
    expect(await creditBalance(db, proposerId)).toBe(0);
    const [row, ...more] = await auditRows(db, "apply_credit", receiverId);
    expect(more).toHaveLength(0);
    expect(row.metadata).toEqual({ reason: "Late delivery", amountCents: 500, swapId, balanceCents: 500 });

    const { payment } = await openCheckout(pay, swapId, receiverId);
    expect(payment).toMatchObject({ amountCents: 499, creditCents: 500 });
  });

  test("staff cannot credit their own account, nor a deleted member", async () => {
    expect(await refusal(applyCredit(db, { actor, userId: admin.id, reason: "me", now: new Date() }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(
      await refusal(applyCredit(db, { actor, userId: "user_missing", reason: "x", now: new Date() })),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(await auditRows(db, "apply_credit", admin.id)).toHaveLength(0);
  });
});
