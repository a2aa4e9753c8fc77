import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { reviews } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { parseReview } from "../reviews/parse-review";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUniqueViolation } from "../shared/sql-errors";
import { findLegsAsMember, lockCircle } from "./circle-guards";

export const CIRCLE_REVIEW_NOT_YET = "You can review a swap circle once it is completed";
export const CIRCLE_ALREADY_REVIEWED = "You have already reviewed this swap circle";

/**
 * After a completed circle each member reviews the member they got their item from, once (decision 111): 1-5 stars,
 * any of the five tags, optional text, by the same rules as a swap's review. Double-blind as a swap's (decision 094):
 * every review stays hidden until every member has reviewed, and the last review's transaction shows them all at
 * once; otherwise the reveal job shows them 14 days after the circle completed. Under the circle's row lock, so the
 * last two reviews written at the same moment queue up and the second sees the first.
 */
export async function leaveCircleReview(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  input: { circleId: string; reviewerId: string; rating: unknown; comment?: string | null; tags?: unknown },
): Promise<{ id: string; revealed: boolean }> {
  const review = parseReview(input);
  const now = deps.clock.now();
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const { legs } = await findLegsAsMember(tx, { circleId: input.circleId, userId: input.reviewerId });
      const circle = await lockCircle(tx, input.circleId);
      if (circle.status !== "completed") throw new AppError("CONFLICT", CIRCLE_REVIEW_NOT_YET);
      const gotFrom = legs.find((leg) => leg.receiverId === input.reviewerId);
      if (!gotFrom) throw new AppError("CONFLICT", CIRCLE_REVIEW_NOT_YET);
      const [row] = await tx
        .insert(reviews)
        .values({
          circleId: circle.id,
          reviewerId: input.reviewerId,
          revieweeId: gotFrom.giverId,
          rating: review.rating,
          comment: review.comment,
          tags: review.tags,
          createdAt: now,
        })
        .returning();
      // Read under the lock: every review before this one has committed. The last one shows them all.
      const written = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.circleId, circle.id));
      const revealed = written.length >= legs.length;
      if (revealed) {
        await tx
          .update(reviews)
          .set({ revealedAt: now })
          .where(and(eq(reviews.circleId, circle.id), isNull(reviews.revealedAt)));
      }
      await recordEvent(tx, {
        kind: "circle.reviewed",
        subjectId: circle.id,
        payload: {
          reviewerId: input.reviewerId,
          revieweeId: gotFrom.giverId,
          revealed,
          ...(revealed ? { rating: row.rating } : {}),
        },
      });
      if (revealed) {
        await recordEvent(tx, {
          kind: "circle.reviews_revealed",
          subjectId: circle.id,
          payload: { told: [input.reviewerId, gotFrom.giverId] },
        });
      }
      return { id: row.id, revealed };
    });
    await deliverAfterCommit(deps);
    return saved;
  } catch (error) {
    // The unique index (circle, reviewer) is the guard, so two reviews sent at once cannot both land.
    if (isUniqueViolation(error, "reviews_one_per_circle_reviewer_idx"))
      throw new AppError("CONFLICT", CIRCLE_ALREADY_REVIEWED);
    throw error;
  }
}
