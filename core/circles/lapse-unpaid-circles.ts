import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { recordEvent } from "../events/record-event";
import { circleDeal } from "../payments/fee-deal";
import { letGoOfHolds, RELEASE_REASONS } from "../payments/let-go-of-holds";
import { lockMemberCredit, recordCredit } from "../payments/lock-member-credit";
import type { Clock } from "../shared/clock";

export const CIRCLE_LAPSED = "Not every handshake fee was held within 48 hours of the swap circle's acceptance";

/**
 * Closes every accepted circle whose payment deadline has passed (decision 105): it lapses (close reason
 * not_paid), every listing is on offer again, and nobody is charged: each hold is let go (the credit part goes
 * back at once, a card's hold is released by settleHolds after the commit) and a checkout still open is closed
 * with its reserved credit returned. One transaction per circle; a circle a payment is settling right now is
 * skipped and caught on the next run (paying checks the deadline itself). Returns the lapsed circles' ids.
 */
export async function lapseUnpaidCircles(deps: { db: Db; clock: Clock }): Promise<string[]> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: swapCircles.id })
    .from(swapCircles)
    .where(and(eq(swapCircles.status, "accepted"), lte(swapCircles.paymentDueAt, now)))
    .orderBy(asc(swapCircles.paymentDueAt))
    .limit(200);
  const lapsed: string[] = [];
  for (const { id } of due) if (await lapseOne(deps.db, id, now)) lapsed.push(id);
  return lapsed;
}

async function lapseOne(db: Db, circleId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Lock order shared with paying: the circle, its listings, member profiles (in id order), payment rows.
    const [circle] = await tx
      .select()
      .from(swapCircles)
      .where(and(eq(swapCircles.id, circleId), eq(swapCircles.status, "accepted"), lte(swapCircles.paymentDueAt, now)))
      .for("update", { skipLocked: true });
    if (!circle) return false;
    await tx
      .update(swapCircles)
      .set({ status: "lapsed", closedAt: now, closeReason: "not_paid" })
      .where(eq(swapCircles.id, circleId));
    // Every member is told, whoever paid: nobody is charged.
    await recordEvent(tx, { kind: "circle.closed", subjectId: circleId, payload: { reason: "not_paid" } });
    const legs = await tx.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, circleId));
    await tx
      .update(listings)
      .set({ status: "active", updatedAt: now })
      .where(
        and(
          inArray(
            listings.id,
            legs.map((leg) => leg.listingId),
          ),
          eq(listings.status, "reserved"),
        ),
      );
    for (const userId of legs.map((leg) => leg.giverId).sort()) await lockMemberCredit(tx, userId);
    const deal = circleDeal(circleId);
    // Whoever held their fee is not charged: the hold is let go (decision 102).
    await letGoOfHolds(tx, { deal, reason: RELEASE_REASONS.lapsed, now });
    const open = await tx
      .update(paymentLogs)
      .set({ status: "failed", errorMessage: CIRCLE_LAPSED, updatedAt: now })
      .where(and(eq(paymentLogs.swapCircleId, circleId), eq(paymentLogs.status, "pending")))
      .returning();
    for (const payment of open) {
      await recordCredit(tx, {
        userId: payment.userId,
        amountCents: payment.creditCents,
        reason: "reversal",
        deal,
        now,
      });
    }
    return true;
  });
}
