import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { type ReviewTag, reviews } from "#db/schema/swaps.ts";
import { onReport, reporter } from "../moderation/report-joins";
import { isUuid } from "../shared/ids";

const reviewer = alias(users, "review_writer");
const reviewee = alias(users, "review_subject");
const settler = alias(users, "report_settler");

/**
 * A review report as staff see it (decision 094): the report, and the review as written (stars, tags, text, reply)
 * with who wrote it about whom. The review is null once it is gone (removed). Null for anything but a review report.
 */
export async function findReviewReportForStaff(db: Db, { reportId }: { reportId: string }) {
  if (!isUuid(reportId)) return null;
  const [row] = await db
    .select({
      id: moderationReports.id,
      status: moderationReports.status,
      reason: moderationReports.reason,
      notes: moderationReports.notes,
      createdAt: moderationReports.createdAt,
      reviewedAt: moderationReports.reviewedAt,
      reviewNotes: moderationReports.reviewNotes,
      reporterId: reporter.id,
      reporterName: reporter.name,
      settlerName: settler.name,
      reviewId: reviews.id,
      rating: reviews.rating,
      tags: reviews.tags,
      comment: reviews.comment,
      reply: reviews.reply,
      reviewCreatedAt: reviews.createdAt,
      swapId: reviews.swapProposalId,
      circleId: reviews.circleId,
      reviewerId: reviewer.id,
      reviewerName: reviewer.name,
      revieweeId: reviewee.id,
      revieweeName: reviewee.name,
    })
    .from(moderationReports)
    .leftJoin(reporter, onReport.reporter)
    .leftJoin(settler, eq(settler.id, moderationReports.reviewedBy))
    .leftJoin(reviews, eq(reviews.id, moderationReports.reviewId))
    .leftJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .leftJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(and(eq(moderationReports.id, reportId), eq(moderationReports.subject, "review")));
  if (!row) return null;
  const { reviewId, rating, tags, comment, reply, reviewCreatedAt, swapId, circleId, ...report } = row;
  return {
    ...report,
    review:
      reviewId && rating != null && reviewCreatedAt
        ? {
            id: reviewId,
            rating,
            tags: (tags ?? []) as ReviewTag[],
            comment,
            reply,
            createdAt: reviewCreatedAt,
            // The deal it was written after: a swap, or a swap circle (decision 111).
            swapId,
            circleId,
          }
        : null,
  };
}
