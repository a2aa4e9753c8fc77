import { data, Link, useNavigation } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { ReasonBadge } from "#app/components/admin/moderation/reason-badge.tsx";
import { ReportDecisionForm } from "#app/components/admin/moderation/report-decision-form.tsx";
import { ReviewStars, ReviewTags } from "#app/components/reviews/review-stars.tsx";
import { appContext } from "#app/context.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { isFeatureEnabled } from "#core/flags/is-feature-enabled.ts";
import { findReviewReportForStaff } from "#core/reviews/find-review-report-for-staff.ts";
import { REVIEW_DECISIONS, type ReviewReportDecision, settleReviewReport } from "#core/reviews/settle-review-report.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import type { Route } from "./+types/moderation.reviews.$id";

/** A review report (decision 094): the review as written, and remove it or dismiss the report. */
export const permission: StaffAction = "view_reported_review";

/** Each decision this page's action takes and the permission it checks (the permission test walks these). */
export const actionPermissions = Object.fromEntries(
  Object.entries(REVIEW_DECISIONS).map(([key, d]) => [key, d.action]),
) as Record<ReviewReportDecision, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: "Reported review",
  parent: { label: "Moderation Queue", to: "/admin/moderation" },
};
export const meta: Route.MetaFunction = () => [{ title: "Reported review | SwapShed back office" }];

const TEXTS: Record<ReviewReportDecision, { success: string; failure: string }> = {
  dismiss: { success: "Report dismissed - Review kept", failure: "Failed to dismiss report" },
  remove: { success: "Review removed", failure: "Failed to remove review" },
};

const isDecision = (value: unknown): value is ReviewReportDecision =>
  typeof value === "string" && Object.hasOwn(REVIEW_DECISIONS, value);

const QUEUE = "/admin/moderation?subject=review";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const [report, moderationOn] = await Promise.all([
    findReviewReportForStaff(ctx.db, { reportId: params.id }),
    isFeatureEnabled(ctx.db, "enable_moderation"),
  ]);
  if (!report) throw data("Report not found", { status: 404 });
  return {
    report: {
      ...report,
      createdAt: sydneyDateTime(report.createdAt),
      reviewedAt: report.reviewedAt ? sydneyDateTime(report.reviewedAt) : null,
      review: report.review ? { ...report.review, createdAt: sydneyDateTime(report.review.createdAt) } : null,
    },
    moderationOn,
    may: Object.fromEntries(
      Object.entries(actionPermissions).map(([key, action]) => [key, can(staff.roles, action)]),
    ) as Record<ReviewReportDecision, boolean>,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const decision = form.get("decision");
  if (!isDecision(decision)) return redirectWithFlash(ctx, QUEUE, { type: "error", message: "Unknown action" });
  const answer = await runStaffAction(
    ctx,
    request,
    REVIEW_DECISIONS[decision].action,
    { ...TEXTS[decision], backTo: QUEUE },
    (actor) =>
      settleReviewReport(
        ctx.db,
        {
          actor,
          reportId: params.id,
          decision,
          notes: form.get("notes"),
          now: ctx.clock.now(),
        },
        ctx.env,
      ),
  );
  if (answer instanceof Response) return answer;
  return redirectWithFlash(ctx, QUEUE, { type: "error", message: answer.data.error });
}

export default function ReportedReview({ loaderData }: Route.ComponentProps) {
  const { report, may, moderationOn } = loaderData;
  const busy = useNavigation().state === "submitting";
  const review = report.review;
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Reported review</h1>

      <section aria-labelledby="report-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="report-heading" className="font-semibold">
          Report
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Status</dt>
          <dd>
            <StatusBadge status={report.status} />
          </dd>
          <dt className="text-muted">Reason</dt>
          <dd>
            <ReasonBadge reason={report.reason} />
          </dd>
          <dt className="text-muted">Reported by</dt>
          <dd>
            {report.reporterId && report.reporterName ? (
              <Link to={`/admin/users/${report.reporterId}`} className="text-brand-800 underline">
                {report.reporterName}
              </Link>
            ) : (
              "Unknown"
            )}{" "}
            on {report.createdAt}
          </dd>
          <dt className="text-muted">Notes</dt>
          <dd className="whitespace-pre-line break-words">{report.notes ?? "None"}</dd>
          {report.reviewedAt && (
            <>
              <dt className="text-muted">Settled</dt>
              <dd>
                {report.reviewedAt} by {report.settlerName ?? "Unknown"}
                {report.reviewNotes ? `: ${report.reviewNotes}` : ""}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="review-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="review-heading" className="font-semibold">
          The review
        </h2>
        {!review ? (
          <p className="mt-2 text-sm">The review is no longer there (removed).</p>
        ) : (
          <div className="mt-2 text-sm">
            <p>
              By{" "}
              <Link to={`/admin/users/${report.reviewerId}`} className="text-brand-800 underline">
                {report.reviewerName}
              </Link>{" "}
              about{" "}
              <Link to={`/admin/users/${report.revieweeId}`} className="text-brand-800 underline">
                {report.revieweeName}
              </Link>{" "}
              on {review.createdAt} (
              {review.swapId ? (
                <Link to={`/admin/swaps/${review.swapId}`} className="text-brand-800 underline">
                  the swap
                </Link>
              ) : (
                <Link to={`/admin/circles/${review.circleId}`} className="text-brand-800 underline">
                  the swap circle
                </Link>
              )}
              )
            </p>
            <p className="mt-2">
              <ReviewStars rating={review.rating} />
            </p>
            <ReviewTags tags={review.tags} />
            <p className="mt-2 whitespace-pre-line wrap-anywhere">{review.comment ?? "(no text)"}</p>
            {review.reply && (
              <p className="mt-2 whitespace-pre-line rounded-md bg-surface p-2 wrap-anywhere">
                <span className="font-semibold">Reply: </span>
                {review.reply}
              </p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="actions-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="actions-heading" className="font-semibold">
          Actions
        </h2>
        {report.status !== "pending" ? (
          <p className="mt-2 text-sm">This report has already been {report.status}</p>
        ) : !moderationOn ? (
          <p className="mt-2 text-sm">Moderation is turned off (enable_moderation), so reports cannot be reviewed.</p>
        ) : (
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {may.dismiss && (
              <ReportDecisionForm
                decision="dismiss"
                title="Dismiss report"
                explanation="The review stays on the member's page."
                submit="Dismiss"
                busy={busy}
              />
            )}
            {may.remove && review && (
              <details className="rounded-md border border-line p-3">
                <summary className="cursor-pointer text-sm font-semibold text-danger">Remove review…</summary>
                <div className="mt-2">
                  <ReportDecisionForm
                    decision="remove"
                    title="Remove review"
                    explanation="The review and its reply are deleted for good and leave the member's rating. The audit log keeps what it said. This cannot be undone."
                    submit="Remove review"
                    busy={busy}
                    danger
                  />
                </div>
              </details>
            )}
          </div>
        )}
      </section>
      <p>
        <Link to={QUEUE} className="text-sm text-brand-800 underline">
          Back to the Moderation Queue
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch report" });
