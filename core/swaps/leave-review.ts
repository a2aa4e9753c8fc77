import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import type { SwapEventPayloads } from "../events/event-kinds";
import { recordEvent } from "../events/record-event";
import { parseReview } from "../reviews/parse-review";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUniqueViolation } from "../shared/sql-errors";
import { findSwapAsParty } from "./swap-guards";

export const REVIEW_NOT_YET = "You can review a swap once it is completed";
export const ALREADY_REVIEWED = "You have already reviewed this swap";

/**
 * After a completed swap each party may review the other once: 1-5 stars, any of the five tags, optional text.
 * Double-blind (decision 094): the review is hidden (revealed_at NULL) until the other side has reviewed too; the
 * second review's transaction reveals both at once. Otherwise the reveal job shows it 14 days after completion
 * (core/reviews/reveal-due-reviews.ts). The swap's row is locked first, so two reviews written at the same moment
 * queue up and the second one sees the first: they can never both stay hidden. Nothing a party can read before the
 * reveal (the notice, the thread's line) carries the stars or the text.
 */
export async function leaveReview(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  input: { swapId: string; reviewerId: string; rating: unknown; comment?: string | null; tags?: unknown },
): Promise<{ id: string; revealed: boolean }> {
  const review = parseReview(input);
  const now = deps.clock.now();
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const found = await findSwapAsParty(tx, { swapId: input.swapId, actorId: input.reviewerId });
      const [swap] = await tx
        .select({
          id: swapProposals.id,
          status: swapProposals.status,
          proposerId: swapProposals.proposerId,
          receiverId: swapProposals.receiverId,
          targetListingId: swapProposals.targetListingId,
          offeredListingId: swapProposals.offeredListingId,
        })
        .from(swapProposals)
        .where(eq(swapProposals.id, found.id))
        .for("update");
      if (swap.status !== "completed") throw new AppError("CONFLICT", REVIEW_NOT_YET);
      const revieweeId = swap.proposerId === input.reviewerId ? swap.receiverId : swap.proposerId;
      const [row] = await tx
        .insert(reviews)
        .values({
          swapProposalId: swap.id,
          reviewerId: input.reviewerId,
          revieweeId,
          rating: review.rating,
          comment: review.comment,
          tags: review.tags,
          createdAt: now,
        })
        .returning();
      // The other side's review, if written: both are shown now, together.
      const [theirs] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.swapProposalId, swap.id), ne(reviews.reviewerId, input.reviewerId)));
      if (theirs) {
        await tx
          .update(reviews)
          .set({ revealedAt: now })
          .where(and(eq(reviews.swapProposalId, swap.id), isNull(reviews.revealedAt)));
      }
      const revealed = Boolean(theirs);
      const payload: SwapEventPayloads["swap.reviewed"] = {
        reviewerId: input.reviewerId,
        revealed,
        ...(revealed ? { rating: row.rating } : {}),
      };
      await recordEvent(tx, { kind: "swap.reviewed", subjectId: swap.id, payload });
      await recordThreadEvent(tx, { swap, kind: "review", actorId: input.reviewerId, payload: {}, now });
      return { id: row.id, revealed };
    });
    await deliverAfterCommit(deps);
    return saved;
  } catch (error) {
    // The unique index (swap, reviewer) is the guard, so two reviews sent at once cannot both land.
    if (isUniqueViolation(error, "reviews_one_per_reviewer_idx")) throw new AppError("CONFLICT", ALREADY_REVIEWED);
    throw error;
  }
}
