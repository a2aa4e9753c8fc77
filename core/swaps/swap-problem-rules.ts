// "Report a problem" on a paid swap (issue 28, decision 097): the words members and staff see. No node imports:
// the pages import these.
import type { SwapProblemKind } from "#db/schema/swaps.ts";

export { MAX_PROBLEM_PICTURES, SWAP_PROBLEM_KINDS } from "#db/schema/swaps.ts";
export type { SwapProblemKind };

/** Each kind as the form and the back office name it. */
export const PROBLEM_KIND_LABELS: Record<SwapProblemKind, string> = {
  no_show: "They didn't show up",
  not_as_described: "Not as described",
  unsafe: "I felt unsafe",
  other: "Something else",
};

export const PROBLEM_DETAILS_MAX = 2000;
export const PROBLEM_RESOLUTION_MAX = 2000;

export const PROBLEM_KIND_REQUIRED = "Choose what went wrong";
export const PROBLEM_DETAILS_REQUIRED = "Tell us what happened";
export const PROBLEM_DETAILS_TOO_LONG = `Please keep it under ${PROBLEM_DETAILS_MAX} characters`;
export const TOO_MANY_PROBLEM_PICTURES = "You can add up to 4 pictures";
export const SWAP_NOT_FOUND = "Swap not found";
export const SWAP_NOT_PAID =
  "You can report a problem once both fees are paid. Before then, you can withdraw or decline the offer in My Swaps.";
export const PROBLEM_ALREADY_OPEN = "You've already reported a problem on this swap. We're looking into it.";
export const PROBLEM_NOT_FOUND = "Problem not found";
export const PROBLEM_ALREADY_RESOLVED = "This problem is already resolved";
export const RESOLUTION_REQUIRED = "A resolution is required";
