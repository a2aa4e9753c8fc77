import { Star } from "#app/components/ui/icons.ts";
import { REVIEW_TAG_LABELS, WARNING_TAGS } from "#core/reviews/review-rules.ts";
import type { ReviewTag } from "#db/schema/swaps.ts";

/** Five stars, the given number filled; read out as "4 out of 5 stars". */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= rating ? "fill-accent-400 text-accent-500" : "fill-none text-line"}`}
        />
      ))}
    </span>
  );
}

/** A review's tags as small pills: praise in green, warnings in red. */
export function ReviewTags({ tags }: { tags: readonly ReviewTag[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            WARNING_TAGS.includes(tag) ? "bg-red-50 text-danger" : "bg-brand-50 text-brand-800"
          }`}
        >
          {REVIEW_TAG_LABELS[tag]}
        </li>
      ))}
    </ul>
  );
}
