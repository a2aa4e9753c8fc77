// The rules of a review and its reply, shared by the forms and the server. Browser-safe: zod and a type only.
import { z } from "zod";
import type { ReviewTag } from "#db/schema/swaps.ts";

/** A hidden review is shown this many days after the swap was completed, whether or not the other side reviewed. */
export const REVEAL_AFTER_DAYS = 14;
export const MAX_REPLY_LENGTH = 1000;

/** The tags as members read them; the stored value is the key. The first three praise, the last two warn. */
export const REVIEW_TAG_LABELS = {
  as_described: "As described",
  on_time: "On time",
  friendly: "Friendly",
  not_as_described: "Not as described",
  no_show: "No-show",
} as const satisfies Record<ReviewTag, string>;

export const REVIEW_TAG_VALUES = Object.keys(REVIEW_TAG_LABELS) as ReviewTag[];
export const WARNING_TAGS: readonly ReviewTag[] = ["not_as_described", "no_show"];

export const UNKNOWN_TAG = "Choose tags from the list";
export const REPLY_REQUIRED = "Write your reply";
export const REPLY_TOO_LONG = "Reply must be at most 1,000 characters";

/** The tags a review form sent: none, one or several of the five, each once (a single value or a list). */
export const reviewTagsSchema = z
  .union([z.string(), z.array(z.string())], { message: UNKNOWN_TAG })
  .nullish()
  .transform((value) => (value == null ? [] : Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.enum(REVIEW_TAG_VALUES as [ReviewTag, ...ReviewTag[]], { message: UNKNOWN_TAG })).max(5, UNKNOWN_TAG))
  .transform((tags) => [...new Set(tags)]);

/** The reviewed member's one reply: 1 to 1,000 characters after trimming. */
export const replySchema = z
  .string({ message: REPLY_REQUIRED })
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, REPLY_REQUIRED)
      .refine((text) => [...text].length <= MAX_REPLY_LENGTH, REPLY_TOO_LONG),
  );
