import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";
import { REVEAL_AFTER_DAYS } from "./review-rules";

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * The reveal job (decision 094): a review still hidden 14 days after its swap was completed is shown, and both
 * members are told ("review revealed"). One transaction per swap, its hidden reviews locked with SKIP LOCKED so two
 * processes never reveal (nor tell) twice, and a review being written right now is caught on the next run. The
 * trigger on `reviews` then counts it in the member's figures. Returns the swaps whose reviews it revealed.
 */
export async function revealDueReviews(deps: { db: Db; clock: Clock; env?: { APP_URL: string } }): Promise<string[]> {
  const now = deps.clock.now();
  const dueBefore = new Date(now.getTime() - REVEAL_AFTER_DAYS * DAY_MS);
  const due = await deps.db
    .select({ swapId: reviews.swapProposalId })
    .from(reviews)
    .innerJoin(swapProposals, eq(swapProposals.id, reviews.swapProposalId))
    .where(and(isNull(reviews.revealedAt), lte(swapProposals.completedAt, dueBefore)))
    .groupBy(reviews.swapProposalId, swapProposals.completedAt)
    .orderBy(asc(swapProposals.completedAt))
    .limit(BATCH);
  const revealed: string[] = [];
  for (const { swapId } of due) if (await revealSwap(deps.db, swapId, now)) revealed.push(swapId);
  if (revealed.length) await deliverAfterCommit(deps);
  return revealed;
}

async function revealSwap(db: Db, swapId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const hidden = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.swapProposalId, swapId), isNull(reviews.revealedAt)))
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
    await recordEvent(tx, { kind: "swap.reviews_revealed", subjectId: swapId, payload: { count: shown.length } });
    return true;
  });
}

/** For tests and the member page: whether a hidden review of a swap completed at `completedAt` is due. */
export const revealDueAt = (completedAt: Date) => new Date(completedAt.getTime() + REVEAL_AFTER_DAYS * DAY_MS);
