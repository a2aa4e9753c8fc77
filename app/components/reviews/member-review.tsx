import { Form, Link } from "react-router";
import { formatLongDate } from "#core/shared/time.ts";
import { REPORT_REASON_LABELS } from "#core/moderation/report-form.ts";
import { MAX_REPLY_LENGTH } from "#core/reviews/review-rules.ts";
import type { ReviewTag } from "#db/schema/swaps.ts";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { ReviewStars, ReviewTags } from "./review-stars";

export type MemberReviewData = {
  id: string;
  rating: number;
  tags: ReviewTag[];
  comment: string | null;
  createdAt: string | Date;
  reviewer: { id: string; name: string | null; avatarUrl: string | null };
  reply: string | null;
  repliedAt: string | Date | null;
};

/**
 * One shown review: who wrote it (linked to their page), stars, tags, text, and the reviewed member's reply. On the
 * member's own page a review without a reply has the reply form; a signed-in member who did not write it may
 * report it. Both are plain forms: they work before the page's scripts load.
 */
export function MemberReview({
  review,
  memberName,
  canReply,
  canReport,
  compact = false,
}: {
  review: MemberReviewData;
  memberName: string | null;
  canReply: boolean;
  canReport: boolean;
  compact?: boolean;
}) {
  const replyId = `reply-${review.id}`;
  return (
    <article aria-labelledby={`review-${review.id}`} className="rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`review-${review.id}`} className="flex min-w-0 items-center gap-2 text-sm font-semibold">
          <Avatar name={review.reviewer.name} url={review.reviewer.avatarUrl} size="xs" />
          <Link to={`/members/${review.reviewer.id}`} className="min-w-0 wrap-anywhere hover:underline">
            {review.reviewer.name ?? "A member"}
          </Link>
        </h3>
        <p className="flex items-center gap-2 text-xs text-muted">
          <ReviewStars rating={review.rating} />
          <span>{formatLongDate(review.createdAt)}</span>
        </p>
      </div>
      <ReviewTags tags={review.tags} />
      {review.comment && (
        <p className={`mt-2 whitespace-pre-line text-sm text-ink wrap-anywhere ${compact ? "line-clamp-4" : ""}`}>
          {review.comment}
        </p>
      )}
      {review.reply && (
        <div className="mt-3 rounded-lg bg-surface px-3 py-2 text-sm">
          <p className="text-xs font-semibold text-muted">Reply from {memberName ?? "the member"}</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">{review.reply}</p>
        </div>
      )}
      {canReply && !review.reply && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label htmlFor={replyId} className="block text-sm font-medium">
            Reply publicly (once)
          </label>
          <textarea
            id={replyId}
            name="reply"
            rows={2}
            required
            maxLength={MAX_REPLY_LENGTH}
            className="mt-1 block w-full rounded-lg border border-line px-3 py-2 text-sm"
          />
          <Button type="submit" size="sm" variant="outline" className="mt-2">
            Post reply
          </Button>
        </Form>
      )}
      {canReport && <ReportReview reviewId={review.id} />}
    </article>
  );
}

/** "Report review": opens in place (details/summary, no script needed) with the reasons and notes. */
function ReportReview({ reviewId }: { reviewId: string }) {
  const id = `report-${reviewId}`;
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-block cursor-pointer py-1 text-xs font-medium text-muted hover:underline">
        Report review
      </summary>
      <Form method="post" className="mt-2 space-y-2 rounded-lg border border-line p-3">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <div>
          <label htmlFor={`${id}-reason`} className="block font-medium">
            Reason
          </label>
          <select
            id={`${id}-reason`}
            name="reason"
            required
            defaultValue=""
            className="mt-1 block h-10 w-full max-w-xs rounded-lg border border-line bg-white px-2"
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {Object.entries(REPORT_REASON_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-notes`} className="block font-medium">
            What is wrong with it? (optional)
          </label>
          <textarea
            id={`${id}-notes`}
            name="notes"
            rows={2}
            maxLength={2000}
            className="mt-1 block w-full rounded-lg border border-line px-3 py-2"
          />
        </div>
        <Button type="submit" size="sm" variant="outline">
          Send report
        </Button>
      </Form>
    </details>
  );
}
