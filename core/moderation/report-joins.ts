import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";

/** The member who made a report, under the name staff queries join them by. */
export const reporter = alias(users, "reporter");

/**
 * How a report's listing and reporter join a query of reports (left joins: either may be gone):
 * `.leftJoin(listings, onReport.listing)`.
 */
export const onReport = {
  listing: eq(listings.id, moderationReports.listingId),
  reporter: eq(reporter.id, moderationReports.reportedBy),
};
