import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordStaffEvent } from "../events/record-event";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { shownName } from "../members/display-name";
import { MODERATION_OFF, REPORT_NOT_FOUND, settlePendingReport } from "../moderation/review-report";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import type { StaffActor } from "../staff/pass-staff-gate";
import type { StaffAction } from "../staff/permissions";

export type ReviewReportDecision = "dismiss" | "remove";

/** Each decision: the status its reports get, and the audit log's action name (the permission table's entry). */
export const REVIEW_DECISIONS: Record<ReviewReportDecision, { status: "rejected" | "approved"; action: StaffAction }> =
  {
    dismiss: { status: "rejected", action: "reject_review_report" },
    remove: { status: "approved", action: "remove_reported_review" },
  };

export const REVIEW_ALREADY_GONE = "The review is no longer there: dismiss the report instead";

/**
 * A moderator settles a pending review report (decision 094), and with it every other pending report of the same
 * review (same status, same notes):
 * - dismiss: the review stays (status rejected);
 * - remove: the review's row is deleted (status approved); the trigger on `reviews` takes it out of the member's
 *   figures. The audit row keeps what it said (stars, tags, text, reply) and who wrote it about whom.
 * Each member who reported the review is told the outcome (a `report.reviewed` event per report, in the same
 * transaction). One transaction with exactly one audit row. The review's row is locked first (a member's report locks it too);
 * the report changes only `where status = 'pending'`, so of two moderators at once one wins and the other is told.
 */
export async function settleReviewReport(
  db: Db,
  {
    actor,
    reportId,
    decision,
    notes: rawNotes,
    now,
  }: { actor: StaffActor; reportId: string; decision: ReviewReportDecision; notes?: unknown; now: Date },
  env?: { APP_URL: string },
) {
  if (!isUuid(reportId)) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
  if (!(await isFeatureEnabled(db, "enable_moderation"))) throw new AppError("FORBIDDEN", MODERATION_OFF);
  const notes = typeof rawNotes === "string" && rawNotes.trim() ? rawNotes.trim().slice(0, 500) : null;
  const { status, action } = REVIEW_DECISIONS[decision];

  const settled = await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ reviewId: moderationReports.reviewId })
      .from(moderationReports)
      .where(and(eq(moderationReports.id, reportId), eq(moderationReports.subject, "review")));
    if (!seen) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
    const [review] = seen.reviewId
      ? await tx.select().from(reviews).where(eq(reviews.id, seen.reviewId)).for("update")
      : [];
    const report = await settlePendingReport(tx, { reportId, status, reviewerId: actor.userId, notes, now });
    if (decision === "remove" && !review) throw new AppError("CONFLICT", REVIEW_ALREADY_GONE);
    // The other open reports of the review go with it (before the delete, which empties their review_id).
    const others = review
      ? await tx
          .update(moderationReports)
          .set({ status, reviewedBy: actor.userId, reviewedAt: now, reviewNotes: notes })
          .where(and(eq(moderationReports.reviewId, review.id), eq(moderationReports.status, "pending")))
          .returning()
      : [];
    const removed =
      decision === "remove" && review ? await tx.delete(reviews).where(eq(reviews.id, review.id)).returning() : [];
    // Each member who reported it is told what staff decided (after the commit, by notice and e-mail).
    // Named as the member page names them (decision 100).
    const [reviewee] = review
      ? await tx
          .select({ name: users.name, display: profiles.nameDisplay })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(eq(users.id, review.revieweeId))
      : [];
    for (const settled of [report, ...others]) {
      if (!settled.reportedBy) continue;
      await recordStaffEvent(tx, {
        kind: "report.reviewed",
        subjectId: settled.id,
        payload: {
          reporterId: settled.reportedBy,
          title: reviewee ? shownName(reviewee.name, reviewee.display) : null,
          outcome: status,
          subject: "review",
          revieweeId: review?.revieweeId ?? null,
        },
      });
    }
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action,
      targetType: "report",
      targetId: report.id,
      metadata: {
        review_id: seen.reviewId,
        report_reason: report.reason,
        ...(review
          ? {
              reviewer_id: review.reviewerId,
              reviewee_id: review.revieweeId,
              swap_id: review.swapProposalId,
            }
          : {}),
        ...(removed.length && review
          ? {
              removed_review: {
                rating: review.rating,
                tags: review.tags,
                comment: review.comment,
                reply: review.reply,
              },
            }
          : {}),
        ...(notes ? { notes } : {}),
        ...(others.length ? { resolved_with: others.map((o) => o.id) } : {}),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { reportId: report.id, status, reviewRemoved: removed.length > 0 };
  });
  await deliverAfterCommit({ db, env });
  return settled;
}
