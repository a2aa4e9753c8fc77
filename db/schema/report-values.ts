// The report value lists, with no imports so the browser bundle can share them with the schema.

/** Why a member reports a listing (the spec's seven report reasons). */
export const REPORT_REASONS = [
  "inappropriate",
  "spam",
  "fraud",
  "duplicate",
  "prohibited",
  "copyright",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** pending -> approved (listing rejected) | rejected (listing restored) | takedown (listing taken down). */
export const REPORT_STATUSES = ["pending", "approved", "rejected", "takedown"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a report is about: a listing, a line a member wrote in a conversation, or a review. */
export const REPORT_SUBJECTS = ["listing", "message", "review"] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
