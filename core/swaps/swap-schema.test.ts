import { describe, expect, test } from "vitest";
import {
  MESSAGE_TOO_LONG,
  OFFER_REQUIRED,
  proposeSwapSchema,
  RATING_OUT_OF_RANGE,
  REVIEW_TOO_LONG,
  reviewSchema,
} from "./swap-schema";

const offer = { targetListingId: "t", offeredListingId: "o" };
const firstMessage = (input: unknown) => {
  const result = proposeSwapSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe("the Propose a Swap dialog's rules", () => {
  test("a message is optional, trimmed, and a blank one counts as no message", () => {
    expect(proposeSwapSchema.parse({ ...offer }).message).toBeNull();
    expect(proposeSwapSchema.parse({ ...offer, message: null }).message).toBeNull();
    expect(proposeSwapSchema.parse({ ...offer, message: " \t\n " }).message).toBeNull();
    expect(proposeSwapSchema.parse({ ...offer, message: "  Swap for my kayak?  " }).message).toBe("Swap for my kayak?");
  });

  test("a message may be 1000 characters after trimming, and one longer is 'Message too long'", () => {
    expect(proposeSwapSchema.parse({ ...offer, message: `  ${"a".repeat(1000)}  ` }).message).toHaveLength(1000);
    expect(firstMessage({ ...offer, message: "a".repeat(1001) })).toBe(MESSAGE_TOO_LONG);
  });

  test("an offered listing must be chosen", () => {
    expect(firstMessage({ targetListingId: "t" })).toBe(OFFER_REQUIRED);
    expect(firstMessage({ ...offer, offeredListingId: "   " })).toBe(OFFER_REQUIRED);
  });
});

describe("the review form's rules", () => {
  test("a rating is a whole number of stars from 1 to 5", () => {
    expect(reviewSchema.parse({ rating: "4" })).toEqual({ rating: 4, comment: null });
    for (const rating of [0, 6, 2.5, "", "x", undefined]) {
      expect(reviewSchema.safeParse({ rating }).error?.issues[0].message).toBe(RATING_OUT_OF_RANGE);
    }
  });

  test("a comment is optional, trimmed, and at most 1000 characters", () => {
    expect(reviewSchema.parse({ rating: 5, comment: "  Great  " }).comment).toBe("Great");
    expect(reviewSchema.parse({ rating: 5, comment: "  " }).comment).toBeNull();
    expect(reviewSchema.safeParse({ rating: 5, comment: "x".repeat(1001) }).error?.issues[0].message).toBe(
      REVIEW_TOO_LONG,
    );
  });
});
