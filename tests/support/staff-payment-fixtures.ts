// Swaps with real payments for the back-office tests: fees paid through the local test checkout (its signed
// webhook goes through the app's handler), or from account credit.
import { and, eq } from "drizzle-orm";
import { completeLocalCheckout, type LocalPaymentProvider, TEST_CARD_SUCCESS } from "#core/payments/local-provider.ts";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import type { Clock } from "#core/shared/clock.ts";
import type { Db } from "#db/client.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { TEST_ORIGIN } from "./test-app";

export type PayDeps = { db: Db; clock: Clock; provider: LocalPaymentProvider };

/** Starts the party's checkout and leaves it open; returns the pending payment. */
export async function openCheckout(deps: PayDeps, swapId: string, userId: string) {
  const started = await startHandshakePayment({ ...deps, appUrl: TEST_ORIGIN }, { swapId, userId });
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const sessionId = new URL(started.url).pathname.replace("/checkout/", "");
  const [payment] = await deps.db.select().from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
  return { payment, sessionId };
}

/** The party pays their fee with the test card (whatever credit they have pays first); returns the payment row. */
export async function payByCard(deps: PayDeps, swapId: string, userId: string) {
  const { payment, sessionId } = await openCheckout(deps, swapId, userId);
  const outcome = await completeLocalCheckout(deps, {
    sessionId,
    cardNumber: TEST_CARD_SUCCESS,
    now: deps.clock.now(),
  });
  if (outcome.outcome !== "paid") throw new Error("the test card was declined");
  return paymentRow(deps.db, payment.id);
}

/** The party's fee settled wholly from credit they have; returns the payment row. */
export async function payFromCredit(deps: PayDeps, swapId: string, userId: string) {
  const started = await startHandshakePayment({ ...deps, appUrl: TEST_ORIGIN }, { swapId, userId });
  if (started.kind !== "paid") throw new Error("expected the credit to cover the fee");
  const [payment] = await deps.db
    .select()
    .from(paymentLogs)
    .where(
      and(eq(paymentLogs.swapProposalId, swapId), eq(paymentLogs.userId, userId), eq(paymentLogs.provider, "credit")),
    );
  return payment;
}

export async function paymentRow(db: Db, id: string) {
  return (await db.select().from(paymentLogs).where(eq(paymentLogs.id, id)))[0];
}

export async function swapRow(db: Db, id: string) {
  return (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
}

/** The audit rows of one action on one target. */
export function auditRows(db: Db, action: string, targetId: string) {
  return db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));
}
