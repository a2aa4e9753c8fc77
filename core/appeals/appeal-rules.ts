// Appeals (issue 28, decision 097): the words members and staff see. No node imports: the pages import these.

export const APPEAL_STATEMENT_MAX = 2000;
export const APPEAL_REASON_MAX = 1000;

export const STATEMENT_REQUIRED = "Tell us why the decision should be looked at again";
export const STATEMENT_TOO_LONG = `Please keep it under ${APPEAL_STATEMENT_MAX} characters`;
export const ALREADY_APPEALED = "You've already appealed this decision. We'll e-mail you once it's been reviewed.";
export const APPEAL_LINK_EXPIRED = "This appeal link has expired or isn't valid. Sign in again to get a new one.";
export const NOTHING_TO_APPEAL = "There's no decision on this listing to appeal";
export const LISTING_NOT_FOUND = "Listing not found";
export const APPEAL_NOT_FOUND = "Appeal not found";
export const APPEAL_ALREADY_DECIDED = "This appeal has already been decided";
export const APPEAL_OUTCOME_REQUIRED = "Choose whether to uphold or reverse the decision";
export const APPEAL_REASON_REQUIRED = "A reason is required";
export const ACTED_ON_IT = "You took the original decision, so another staff member must decide this appeal";
export const ONLY_ADMINS_SUSPENSIONS = "Only admins can decide an appeal against a suspension";
export const DECISION_CHANGED =
  "The original decision has changed since this appeal was lodged, so there's nothing to reverse";

export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const APPEAL_STATUS_LABELS = { pending: "Waiting for review", upheld: "Upheld", reversed: "Reversed" } as const;
export const APPEAL_SUBJECT_LABELS = { suspension: "Account suspension", listing: "Listing decision" } as const;
