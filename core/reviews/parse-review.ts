import type { ReviewTag } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import { describeIssues } from "../shared/describe-issues";
import { reviewSchema } from "../swaps/swap-schema";
import { reviewTagsSchema } from "./review-rules";

/** A review as a form sent it, checked by the rules every review follows (a swap's or a circle's). */
export function parseReview(input: { rating: unknown; comment?: string | null; tags?: unknown }): {
  rating: number;
  comment: string | null;
  tags: ReviewTag[];
} {
  const parsed = reviewSchema.safeParse({ rating: input.rating, comment: input.comment });
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    throw new AppError("VALIDATION", first, { field: Object.keys(fields)[0] });
  }
  const tags = reviewTagsSchema.safeParse(input.tags);
  if (!tags.success) throw new AppError("VALIDATION", describeIssues(tags.error).first, { field: "tags" });
  return { rating: parsed.data.rating, comment: parsed.data.comment, tags: tags.data };
}
