import { z } from "zod";

// The spec's rules for a swap proposal and a review, shared by the dialog and the server. Pure zod:
// browser-safe, so nothing here may import node or the database.

export const PROPOSAL_EXPIRY_HOURS = 48;
export const MAX_MESSAGE_LENGTH = 1000;
export const MAX_REVIEW_LENGTH = 1000;
export const MIN_RATING = 1;
export const MAX_RATING = 5;

export const MESSAGE_TOO_LONG = "Message too long";
export const OFFER_REQUIRED = "Please select a listing to offer";
export const RATING_OUT_OF_RANGE = "Rating must be between 1 and 5";
export const REVIEW_TOO_LONG = "Review too long";

/** Optional text, trimmed; blank becomes null (the spec checks a message only when it is non-empty). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ message: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((text) => (text ? text : null));

export const proposalMessageSchema = optionalText(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG);

/** What the Propose a Swap dialog sends. The receiver is never part of it: the server reads the owner. */
export const proposeSwapSchema = z.object({
  targetListingId: z.string({ message: "This listing is no longer available" }).trim(),
  offeredListingId: z.string({ message: OFFER_REQUIRED }).trim().min(1, OFFER_REQUIRED),
  message: proposalMessageSchema,
});
export type ProposeSwapFields = z.infer<typeof proposeSwapSchema>;

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ message: RATING_OUT_OF_RANGE })
    .int(RATING_OUT_OF_RANGE)
    .min(MIN_RATING, RATING_OUT_OF_RANGE)
    .max(MAX_RATING, RATING_OUT_OF_RANGE),
  comment: optionalText(MAX_REVIEW_LENGTH, REVIEW_TOO_LONG),
});
export type ReviewFields = z.infer<typeof reviewSchema>;
