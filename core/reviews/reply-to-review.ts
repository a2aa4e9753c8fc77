import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { reviews } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { describeIssues } from "../shared/describe-issues";
import { isUuid } from "../shared/ids";
import { replySchema } from "./review-rules";

export const REVIEW_NOT_FOUND = "Review not found";
export const ALREADY_REPLIED = "You have already replied to this review";

/**
 * The reviewed member's one public reply to a review of them, once it is shown (decision 094). A review that is
 * not theirs, or still hidden, is "not found" (nothing is learnt about it). Once only: the update is conditional
 * on `reply IS NULL`, so of two replies sent at once one lands and the other is told it already did.
 */
export async function replyToReview(
  deps: { db: Db; clock: Clock },
  input: { reviewId: string; memberId: string; reply: unknown },
): Promise<{ id: string }> {
  const parsed = replySchema.safeParse(input.reply);
  if (!parsed.success) throw new AppError("VALIDATION", describeIssues(parsed.error).first, { field: "reply" });
  if (!isUuid(input.reviewId)) throw new AppError("NOT_FOUND", REVIEW_NOT_FOUND);
  const mine = and(
    eq(reviews.id, input.reviewId),
    eq(reviews.revieweeId, input.memberId),
    isNotNull(reviews.revealedAt),
  );
  const [updated] = await deps.db
    .update(reviews)
    .set({ reply: parsed.data, repliedAt: deps.clock.now() })
    .where(and(mine, isNull(reviews.reply)))
    .returning();
  if (updated) return { id: updated.id };
  const [existing] = await deps.db.select({ id: reviews.id }).from(reviews).where(mine);
  throw existing ? new AppError("CONFLICT", ALREADY_REPLIED) : new AppError("NOT_FOUND", REVIEW_NOT_FOUND);
}
