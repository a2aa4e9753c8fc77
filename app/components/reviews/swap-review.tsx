import { Form } from "react-router";
import { Star } from "#app/components/ui/icons.ts";
import { REVIEW_TAG_LABELS } from "#core/reviews/review-rules.ts";
import { formatLongDate } from "#core/shared/time.ts";
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

/** The words that differ between a swap's reviews and a circle's (decision 111). */
type ReviewTexts = {
  /** The member this member reviews, and the member who reviews them (the same one in a swap). */
  reviewed: string;
  reviewer: string;
  waiting: string;
  shownWhen: string;
  hint: string;
};

function swapTexts(name: string): ReviewTexts {
  return {
    reviewed: name,
    reviewer: name,
    waiting: `${name} has reviewed you. Review them to see it.`,
    shownWhen: `Shown to ${name} when they review you`,
    hint: `Shown on ${name}'s profile once they have reviewed you too, or 14 days after the swap. Neither of you sees the other's review before then.`,
  };
}

function circleTexts(getFromName: string, giveToName: string): ReviewTexts {
  return {
    reviewed: getFromName,
    reviewer: giveToName,
    waiting: `${giveToName} has reviewed you. Reviews are shown once everyone in the circle has reviewed.`,
    shownWhen: `Shown to ${getFromName} once everyone in the circle has reviewed`,
    hint: `Shown on ${getFromName}'s profile once everyone in the circle has reviewed, or 14 days after the circle completed. Nobody sees a review before then.`,
  };
}

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
  return (
    <Reviews
      texts={swapTexts(otherName ?? "the other member")}
      reviews={reviews}
      form={{ id: swapId, action: "/my-swaps", hidden: { swapId, intent: "review", tab } }}
    />
  );
}

/**
 * The review part of a completed swap circle (decision 111): this member reviews the member they got from, and is
 * reviewed by the member they gave to; every review is shown once all are written, or 14 days after completion.
 */
export function CircleReview({
  circleId,
  getFromName,
  giveToName,
  reviews,
}: {
  circleId: string;
  getFromName: string;
  giveToName: string;
  reviews: SwapReviewsData;
}) {
  return (
    <Reviews
      texts={circleTexts(getFromName, giveToName)}
      reviews={reviews}
      form={{ id: circleId, action: `/my-swaps/circles/${circleId}`, hidden: { intent: "review" } }}
    />
  );
}

type ReviewFormTarget = { id: string; action: string; hidden: Record<string, string> };

function Reviews({
  texts,
  reviews,
  form,
}: {
  texts: ReviewTexts;
  reviews: SwapReviewsData | undefined;
  form: ReviewFormTarget;
}) {
  const mine = reviews?.mine ?? null;
  const theirs = reviews?.theirs ?? null;
  return (
    <div className="space-y-3">
      {theirs?.waiting && !mine && (
        <p className="rounded-xl border border-accent-400 bg-accent-100/50 px-4 py-3 text-sm font-medium">
          {texts.waiting}
        </p>
      )}
      {mine ? (
        <section aria-label="Your review" className="rounded-xl border border-line p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            Your review of {texts.reviewed} <ReviewStars rating={mine.rating} />
          </p>
          <ReviewTags tags={mine.tags} />
          {mine.comment && <p className="mt-2 whitespace-pre-line wrap-anywhere">{mine.comment}</p>}
          {!mine.revealed && (
            <p className="mt-2 text-muted">
              {texts.shownWhen}
              {mine.revealsAt ? `, or on ${formatLongDate(mine.revealsAt)}` : ""}.
            </p>
          )}
        </section>
      ) : (
        <ReviewForm target={form} texts={texts} />
      )}
      {theirs && !theirs.waiting && (
        <section aria-label={`${texts.reviewer}'s review of you`} className="rounded-xl bg-surface p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {texts.reviewer}'s review of you <ReviewStars rating={theirs.rating} />
          </p>
          <ReviewTags tags={theirs.tags} />
          {theirs.comment && <p className="mt-2 whitespace-pre-line wrap-anywhere">{theirs.comment}</p>}
        </section>
      )}
    </div>
  );
}

function ReviewForm({ target, texts }: { target: ReviewFormTarget; texts: ReviewTexts }) {
  const fieldId = `review-${target.id}`;
  return (
    <Form method="post" action={target.action} className="rounded-xl border border-line p-4">
      {Object.entries(target.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend className="text-sm font-semibold">Rate your swap with {texts.reviewed}</legend>
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
      <label htmlFor={fieldId} className="mt-3 block text-sm font-medium">
        Your review (optional)
      </label>
      <textarea
        id={fieldId}
        name="comment"
        rows={3}
        maxLength={1000}
        aria-describedby={`${fieldId}-hint`}
        className="mt-1 block w-full rounded-lg border border-line px-3 py-2"
      />
      <p id={`${fieldId}-hint`} className="mt-1 text-xs text-muted">
        {texts.hint}
      </p>
      <Button type="submit" size="sm" className="mt-3">
        Leave review
      </Button>
    </Form>
  );
}
