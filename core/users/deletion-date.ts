// Pure: safe in the browser bundle.
const longDate = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "20 December 2026": the Sydney date a member's account is deleted for good, as pages and mails say it. */
export const formatDeletionDate = (date: Date | string) => longDate.format(new Date(date));
