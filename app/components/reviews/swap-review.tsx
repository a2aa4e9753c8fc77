import { Form } from "react-router";
import { Star } from "#app/components/ui/icons.ts";
import { formatLongDate } from "#core/shared/time.ts";
import { REVIEW_TAG_LABELS } from "#core/reviews/review-rules.ts";
import type { ReviewTag } from "#db/schema/swaps.ts";
import { Button } from "../ui/button";
import { ReviewStars, ReviewTags } from "./review-stars";

/** What a party may know of a completed swap's two reviews (core/reviews/find-member-reviews.ts' SwapReviews). */
export type SwapReviewsData = {
  mine: {
    rating: number;
    tags: ReviewTag[];
    comment: string | null;
    revealed: boolean;
    revealsAt: string | Date | null;
  } | null;
  theirs: { waiting: true } | { waiting: false; rating: number; tags: ReviewTag[]; comment: string | null } | null;
};

/**
 * The review part of a completed swap on My Swaps (decision 094): the form until this member has reviewed, then
 * their review with when the other side will see it; the other side's review only once both are shown, and before
 * that only that one is waiting.
 */
export function SwapReview({
  swapId,
  otherName,
  tab,
  reviews,
}: {
  swapId: string;
  otherName: string | null;
  tab: string;
  reviews: SwapReviewsData | undefined;
}) {
  const name = otherName ?? "the other member";
  const mine = reviews?.mine ?? null;
  const theirs = reviews?.theirs ?? null;
  return (
    <div className="space-y-3">
      {theirs?.waiting && !mine && (
        <p className="rounded-xl border border-accent-400 bg-accent-100/50 px-4 py-3 text-sm font-medium">
          {name} has reviewed you. Review them to see it.
        </p>
      )}
      {mine ? (
        <section aria-label="Your review" className="rounded-xl border border-line p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            Your review of {name} <ReviewStars rating={mine.rating} />
          </p>
          <ReviewTags tags={mine.tags} />
          {mine.comment && <p className="mt-2 whitespace-pre-line wrap-anywhere">{mine.comment}</p>}
          {!mine.revealed && (
            <p className="mt-2 text-muted">
              Shown to {name} when they review you
              {mine.revealsAt ? `, or on ${formatLongDate(mine.revealsAt)}` : ""}.
            </p>
          )}
        </section>
      ) : (
        <ReviewForm swapId={swapId} name={name} tab={tab} />
      )}
      {theirs && !theirs.waiting && (
        <section aria-label={`${name}'s review of you`} className="rounded-xl bg-surface p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {name}'s review of you <ReviewStars rating={theirs.rating} />
          </p>
          <ReviewTags tags={theirs.tags} />
          {theirs.comment && <p className="mt-2 whitespace-pre-line wrap-anywhere">{theirs.comment}</p>}
        </section>
      )}
    </div>
  );
}

function ReviewForm({ swapId, name, tab }: { swapId: string; name: string; tab: string }) {
  return (
    <Form method="post" action="/my-swaps" className="rounded-xl border border-line p-4">
      <input type="hidden" name="swapId" value={swapId} />
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="tab" value={tab} />
      <fieldset>
        <legend className="text-sm font-semibold">Rate your swap with {name}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex min-h-11 cursor-pointer items-center gap-1 rounded-lg border border-line px-2.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" name="rating" value={n} required className="size-4 accent-brand-700" />
              {n} <span className="sr-only">{n === 1 ? "star" : "stars"}</span>
              <Star className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">What was it like? (pick any)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {Object.entries(REVIEW_TAG_LABELS).map(([value, label]) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg border border-line px-2.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="checkbox" name="tags" value={value} className="size-4 accent-brand-700" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`review-${swapId}`} className="mt-3 block text-sm font-medium">
        Your review (optional)
      </label>
      <textarea
        id={`review-${swapId}`}
        name="comment"
        rows={3}
        maxLength={1000}
        aria-describedby={`review-${swapId}-hint`}
        className="mt-1 block w-full rounded-lg border border-line px-3 py-2"
      />
      <p id={`review-${swapId}-hint`} className="mt-1 text-xs text-muted">
        Shown on {name}'s profile once they have reviewed you too, or 14 days after the swap. Neither of you sees the
        other's review before then.
      </p>
      <Button type="submit" size="sm" className="mt-3">
        Leave review
      </Button>
    </Form>
  );
}
