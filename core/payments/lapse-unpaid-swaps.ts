import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { dealListingIds } from "../swaps/deal-items";
import { swapDeal } from "./fee-deal";
import { letGoOfHolds, RELEASE_REASONS } from "./let-go-of-holds";
import { lockMemberCredit, recordCredit } from "./lock-member-credit";
import type { Clock } from "../shared/clock";
import { claimSwapReminders, type RemindedSwap, type SwapReminder } from "../swaps/claim-swap-reminders";

export const LAPSED = "Both handshake fees were not paid within 48 hours of acceptance";
export const PAYMENT_WARNING_JOB = "payment-deadline-warning";
export const PAYMENT_WARNING_HOURS = 6;

/**
 * Closes every accepted swap whose payment deadline has passed: it becomes expired with the reason, both
 * listings are active again, and whoever paid is not charged: their hold is let go (the credit part goes back to
 * the ledger at once, the card's hold is released by settleHolds after the commit). A fee captured before holds
 * existed is refunded as it was (refund_reason swap_lapsed, refundOwedPayments). A checkout still open is closed
 * and its reserved credit returned.
 * One transaction per swap; swaps a payment is settling right now are skipped and caught on the next run
 * (paying checks the deadline itself, so nothing slips through meanwhile). Returns the lapsed swaps' ids.
 */
export async function lapseUnpaidSwaps(deps: { db: Db; clock: Clock; env?: { APP_URL: string } }): Promise<string[]> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: swapProposals.id })
    .from(swapProposals)
    .where(and(eq(swapProposals.status, "accepted"), lte(swapProposals.paymentDueAt, now)))
    .orderBy(asc(swapProposals.paymentDueAt))
    .limit(200);
  const lapsed: string[] = [];
  for (const { id } of due) if (await lapseOne(deps.db, id, now)) lapsed.push(id);
  if (lapsed.length) await deliverAfterCommit(deps);
  return lapsed;
}

async function lapseOne(db: Db, swapId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [swap] = await tx
      .select()
      .from(swapProposals)
      .where(
        and(eq(swapProposals.id, swapId), eq(swapProposals.status, "accepted"), lte(swapProposals.paymentDueAt, now)),
      )
      .for("update", { skipLocked: true });
    if (!swap) return false;
    await tx
      .update(swapProposals)
      .set({ status: "expired", rejectionReason: LAPSED, updatedAt: now })
      .where(eq(swapProposals.id, swapId));
    // Both parties are told (swap_lapsed), with whether their fee comes back.
    await recordEvent(tx, { kind: "swap.lapsed", subjectId: swapId });
    await tx
      .update(listings)
      .set({ status: "active", updatedAt: now })
      .where(and(inArray(listings.id, await dealListingIds(tx, swapId)), eq(listings.status, "reserved")));

    // Lock order shared with payments: swap, member profiles (in id order), payment rows.
    for (const userId of [swap.proposerId, swap.receiverId].sort()) await lockMemberCredit(tx, userId);
    // The side that held its fee is not charged: the hold is let go (decision 102).
    await letGoOfHolds(tx, { deal: swapDeal(swapId), reason: RELEASE_REASONS.lapsed, now });
    // A fee captured before holds existed (or an open checkout) is settled as before.
    const payments = await tx
      .select()
      .from(paymentLogs)
      .where(and(eq(paymentLogs.swapProposalId, swapId), inArray(paymentLogs.status, ["pending", "completed"])))
      .for("update");
    for (const payment of payments) {
      const back = { userId: payment.userId, amountCents: payment.creditCents, deal: swapDeal(swapId), now };
      if (payment.status === "pending") {
        await tx
          .update(paymentLogs)
          .set({ status: "failed", errorMessage: LAPSED, updatedAt: now })
          .where(eq(paymentLogs.id, payment.id));
        await recordCredit(tx, { ...back, reason: "reversal" });
        continue;
      }
      await recordCredit(tx, { ...back, reason: "refund" });
      const cardPart = payment.amountCents > 0 && payment.paymentIntentId;
      await tx
        .update(paymentLogs)
        .set(
          cardPart
            ? { refundReason: "swap_lapsed", updatedAt: now }
            : { status: "refunded", refundedAt: now, refundReason: "swap_lapsed", updatedAt: now },
        )
        .where(eq(paymentLogs.id, payment.id));
    }
    return true;
  });
}

/** Whoever has not paid is reminded (payment_deadline_soon) when the deadline is within 6 hours. */
export const PAYMENT_WARNING = {
  job: PAYMENT_WARNING_JOB,
  status: "accepted",
  deadline: swapProposals.paymentDueAt,
  withinHours: PAYMENT_WARNING_HOURS,
  event: "swap.payment_due_soon",
} as const satisfies SwapReminder;

/** Claims each accepted swap's payment reminder once across processes (its event mails whoever has not paid). */
export function claimPaymentWarnings(deps: {
  db: Db;
  clock: Clock;
  env?: { APP_URL: string };
}): Promise<RemindedSwap[]> {
  return claimSwapReminders(deps, PAYMENT_WARNING);
}
