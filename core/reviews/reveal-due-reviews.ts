import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";
import { REVEAL_AFTER_DAYS } from "./review-rules";

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * The reveal job (decisions 094 and 111): a review still hidden 14 days after its swap or swap circle was completed
 * is shown, and the members are told ("review revealed"). One transaction per deal, its hidden reviews locked with
 * SKIP LOCKED so two processes never reveal (nor tell) twice, and a review being written right now is caught on the
 * next run. The trigger on `reviews` then counts it in the member's figures. Returns the deals (swaps and circles)
 * whose reviews it revealed.
 */
export async function revealDueReviews(deps: { db: Db; clock: Clock; env?: { APP_URL: string } }): Promise<string[]> {
  const now = deps.clock.now();
  const dueBefore = new Date(now.getTime() - REVEAL_AFTER_DAYS * DAY_MS);
  const dueSwaps = await deps.db
    .select({ dealId: swapProposals.id })
    .from(reviews)
    .innerJoin(swapProposals, eq(swapProposals.id, reviews.swapProposalId))
    .where(and(isNull(reviews.revealedAt), lte(swapProposals.completedAt, dueBefore)))
    .groupBy(swapProposals.id, swapProposals.completedAt)
    .orderBy(asc(swapProposals.completedAt))
    .limit(BATCH);
  const dueCircles = await deps.db
    .select({ dealId: swapCircles.id })
    .from(reviews)
    .innerJoin(swapCircles, eq(swapCircles.id, reviews.circleId))
    .where(and(isNull(reviews.revealedAt), lte(swapCircles.completedAt, dueBefore)))
    .groupBy(swapCircles.id, swapCircles.completedAt)
    .orderBy(asc(swapCircles.completedAt))
    .limit(BATCH);
  const revealed: string[] = [];
  for (const { dealId } of dueSwaps) if (await revealDeal(deps.db, "swap", dealId, now)) revealed.push(dealId);
  for (const { dealId } of dueCircles) if (await revealDeal(deps.db, "circle", dealId, now)) revealed.push(dealId);
  if (revealed.length) await deliverAfterCommit(deps);
  return revealed;
}

async function revealDeal(db: Db, deal: "swap" | "circle", dealId: string, now: Date): Promise<boolean> {
  const ofDeal = deal === "swap" ? eq(reviews.swapProposalId, dealId) : eq(reviews.circleId, dealId);
  return db.transaction(async (tx) => {
    const hidden = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(ofDeal, isNull(reviews.revealedAt)))
      .for("update", { skipLocked: true });
    if (!hidden.length) return false;
    const shown = await tx
      .update(reviews)
      .set({ revealedAt: now })
      .where(
        and(
          inArray(
            reviews.id,
            hidden.map((h) => h.id),
          ),
          isNull(reviews.revealedAt),
        ),
      )
      .returning();
    if (!shown.length) return false;
    if (deal === "swap")
      await recordEvent(tx, { kind: "swap.reviews_revealed", subjectId: dealId, payload: { count: shown.length } });
    else await recordEvent(tx, { kind: "circle.reviews_revealed", subjectId: dealId, payload: {} });
    return true;
  });
}

/** For tests and the member page: whether a hidden review of a swap completed at `completedAt` is due. */
export const revealDueAt = (completedAt: Date) => new Date(completedAt.getTime() + REVEAL_AFTER_DAYS * DAY_MS);
