import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { reviews } from "#db/schema/swaps.ts";
import { isReportingOn } from "../moderation/can-report";
import { checkReportForm } from "../moderation/report-form";
import { hitMemberLimit, MemberLimitError, recordMemberLimitRefusal } from "../rate-limit/member-limits";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { isUniqueViolation } from "../shared/sql-errors";
import { REVIEW_NOT_FOUND } from "./reply-to-review";

export const REPORTING_REVIEWS_OFF = "Reporting reviews is turned off at the moment";
export const OWN_REVIEW = "You can't report your own review";
export const REVIEW_ALREADY_REPORTED =
  "You've already reported this review. Our moderators will look at your report soon.";

/**
 * A signed-in member reports a shown review (reason from the report reasons, optional notes) into the Moderation
 * Queue as subject 'review' (decision 094). Refused: a hidden or missing review ("not found"), the reviewer's own
 * review, a second open report of it by the same member (the partial unique index holds it too). Counts against
 * the member's 'report_review' limit once valid and new. Off while `enable_moderation` is off.
 */
export async function reportReview(
  deps: { db: Db; clock: Clock },
  input: { reporterId: string; reviewId: string; reason?: unknown; notes?: unknown },
): Promise<{ id: string }> {
  if (!(await isReportingOn(deps.db))) throw new AppError("FORBIDDEN", REPORTING_REVIEWS_OFF);
  const checked = checkReportForm({ reason: input.reason, notes: input.notes });
  if (!checked.ok) throw new AppError("VALIDATION", checked.first, { field: Object.keys(checked.errors)[0] });
  if (!isUuid(input.reviewId)) throw new AppError("NOT_FOUND", REVIEW_NOT_FOUND);
  const { reason, notes } = checked.fields;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [review] = await tx
        .select({ id: reviews.id, reviewerId: reviews.reviewerId })
        .from(reviews)
        .where(and(eq(reviews.id, input.reviewId), isNotNull(reviews.revealedAt)))
        .for("update");
      if (!review) throw new AppError("NOT_FOUND", REVIEW_NOT_FOUND);
      if (review.reviewerId === input.reporterId) throw new AppError("FORBIDDEN", OWN_REVIEW);
      const [open] = await tx
        .select({ id: moderationReports.id })
        .from(moderationReports)
        .where(
          and(
            eq(moderationReports.reviewId, review.id),
            eq(moderationReports.reportedBy, input.reporterId),
            eq(moderationReports.status, "pending"),
          ),
        );
      if (open) throw new AppError("CONFLICT", REVIEW_ALREADY_REPORTED);
      await hitMemberLimit(
        { db: tx, clock: deps.clock },
        { userId: input.reporterId, action: "report_review" },
        { recordRefusal: false },
      );
      const [report] = await tx
        .insert(moderationReports)
        .values({ subject: "review", reviewId: review.id, reportedBy: input.reporterId, reason, notes, createdAt: now })
        .returning();
      return { id: report.id };
    });
  } catch (error) {
    if (error instanceof MemberLimitError) await recordMemberLimitRefusal(deps.db, input.reporterId, error);
    if (isUniqueViolation(error, "moderation_reports_one_pending_review_idx"))
      throw new AppError("CONFLICT", REVIEW_ALREADY_REPORTED);
    throw error;
  }
}
