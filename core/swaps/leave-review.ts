import type { Db } from "#db/client.ts";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { reviews } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import type { SwapEventPayloads } from "../events/event-kinds";
import { recordEvent } from "../events/record-event";
import { describeIssues } from "../shared/describe-issues";
import { isUniqueViolation } from "../shared/sql-errors";
import { findSwapAsParty } from "./swap-guards";
import { reviewSchema } from "./swap-schema";

export const REVIEW_NOT_YET = "You can review a swap once it is completed";
export const ALREADY_REVIEWED = "You have already reviewed this swap";

/** After a completed swap each party may review the other once (1-5 stars, optional text). */
export async function leaveReview(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  input: { swapId: string; reviewerId: string; rating: unknown; comment?: string | null },
): Promise<{ id: string }> {
  const parsed = reviewSchema.safeParse({ rating: input.rating, comment: input.comment });
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    throw new AppError("VALIDATION", first, { field: Object.keys(fields)[0] });
  }
  const now = deps.clock.now();
  try {
    const review = await deps.db.transaction(async (tx) => {
      const swap = await findSwapAsParty(tx, { swapId: input.swapId, actorId: input.reviewerId });
      if (swap.status !== "completed") throw new AppError("CONFLICT", REVIEW_NOT_YET);
      const revieweeId = swap.proposerId === input.reviewerId ? swap.receiverId : swap.proposerId;
      const [row] = await tx
        .insert(reviews)
        .values({
          swapProposalId: swap.id,
          reviewerId: input.reviewerId,
          revieweeId,
          rating: parsed.data.rating,
          comment: parsed.data.comment,
          createdAt: now,
        })
        .returning();
      const payload: SwapEventPayloads["swap.reviewed"] = { reviewerId: input.reviewerId, rating: row.rating };
      await recordEvent(tx, { kind: "swap.reviewed", subjectId: swap.id, payload });
      await recordThreadEvent(tx, {
        swap,
        kind: "review",
        actorId: input.reviewerId,
        payload: { rating: parsed.data.rating },
        now,
      });
      return { id: row.id };
    });
    await deliverAfterCommit(deps);
    return review;
  } catch (error) {
    // The unique index (swap, reviewer) is the guard, so two reviews sent at once cannot both land.
    if (isUniqueViolation(error, "reviews_one_per_reviewer_idx")) throw new AppError("CONFLICT", ALREADY_REVIEWED);
    throw error;
  }
}
