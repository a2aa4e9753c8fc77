import { and, countDistinct, eq, sql } from "drizzle-orm";
import { checkWeightedReports } from "../trust/check-weighted-reports";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { AUTO_TAKEDOWN_REPORTS, moderationReports } from "#db/schema/moderation.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { isUuid } from "../shared/ids";
import { isPublicListing } from "../listings/public-listings";
import { hitMemberLimit, MemberLimitError, recordMemberLimitRefusal } from "../rate-limit/member-limits";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUniqueViolation } from "../shared/sql-errors";
import { isOwnListing, isReportingOn } from "./can-report";
import { checkReportForm } from "./report-form";

export const REPORTING_OFF = "Reporting listings is turned off at the moment";
export const LISTING_NOT_FOUND = "Listing not found";
export const OWN_LISTING = "You can't report your own listing";
export const ALREADY_REPORTED = "You've already reported this listing. Our moderators will look at your report soon.";

export type ReportListingInput = {
  reporterId: string;
  listingId: string;
  reason?: unknown;
  notes?: unknown;
  evidence?: unknown;
};

/**
 * A member reports a listing they can see (not their own): one pending report per member per listing. The
 * listing is flagged for staff; with `enable_auto_takedown` on, the report that makes it 3 different members
 * with an open report hides it at once (moderation status pending) until a moderator reviews it. Off while
 * `enable_moderation` is off. Counts against the member's 'report_listing' limit once the report is valid
 * and new (a duplicate or a typo costs nothing).
 *
 * The listing's row is locked for the whole report, so reports on one listing queue up behind each other:
 * each counts the reporters committed before it, and racing reporters cannot all stop at two.
 */
export async function reportListing(
  deps: { db: Db; clock: Clock },
  input: ReportListingInput,
): Promise<{ id: string; hidden: boolean }> {
  if (!(await isReportingOn(deps.db))) throw new AppError("FORBIDDEN", REPORTING_OFF);
  const checked = checkReportForm(input);
  if (!checked.ok) throw new AppError("VALIDATION", checked.first, { field: Object.keys(checked.errors)[0] });
  if (!isUuid(input.listingId)) throw new AppError("NOT_FOUND", LISTING_NOT_FOUND);
  const { reason, notes, evidenceUrls } = checked.fields;
  const autoTakedown = await isFeatureEnabled(deps.db, "enable_auto_takedown");
  const now = deps.clock.now();

  try {
    return await deps.db.transaction(async (tx) => {
      const [listing] = await tx
        .select({
          id: listings.id,
          ownerId: listings.userId,
          moderationStatus: listings.moderationStatus,
          isPublic: sql<boolean>`coalesce(${isPublicListing()}, false)`,
        })
        .from(listings)
        .leftJoin(profiles, eq(profiles.userId, listings.userId))
        .where(eq(listings.id, input.listingId))
        .for("update", { of: listings });
      // What the member cannot see, they cannot report: a hidden listing answers like a missing one.
      if (!listing?.isPublic) throw new AppError("NOT_FOUND", LISTING_NOT_FOUND);
      if (isOwnListing(input.reporterId, listing.ownerId)) throw new AppError("FORBIDDEN", OWN_LISTING);
      const [open] = await tx
        .select({ id: moderationReports.id })
        .from(moderationReports)
        .where(
          and(
            eq(moderationReports.listingId, listing.id),
            eq(moderationReports.reportedBy, input.reporterId),
            eq(moderationReports.status, "pending"),
          ),
        );
      if (open) throw new AppError("CONFLICT", ALREADY_REPORTED);

      await hitMemberLimit(
        { db: tx, clock: deps.clock },
        { userId: input.reporterId, action: "report_listing" },
        { recordRefusal: false },
      );
      const [report] = await tx
        .insert(moderationReports)
        .values({ listingId: listing.id, reportedBy: input.reporterId, reason, notes, evidenceUrls, createdAt: now })
        .returning();

      const [{ reporters }] = await tx
        .select({ reporters: countDistinct(moderationReports.reportedBy) })
        .from(moderationReports)
        .where(and(eq(moderationReports.listingId, listing.id), eq(moderationReports.status, "pending")));
      const hide = autoTakedown && reporters >= AUTO_TAKEDOWN_REPORTS;
      // Flagged for staff from the first report; hidden (pending review) from the third reporter when asked to.
      await tx
        .update(listings)
        .set({ isFlagged: true, ...(hide ? { moderationStatus: "pending" as const } : {}), updatedAt: now })
        .where(eq(listings.id, listing.id));
      // Reports weighed by their reporters' standing may raise a signal about the owner (decision 098).
      await checkWeightedReports(tx, { memberId: listing.ownerId, now });
      return { id: report.id, hidden: hide };
    });
  } catch (error) {
    // The refusal rolled back with the transaction; its security event is written now, outside it.
    if (error instanceof MemberLimitError) await recordMemberLimitRefusal(deps.db, input.reporterId, error);
    if (isUniqueViolation(error, "moderation_reports_one_pending_idx"))
      throw new AppError("CONFLICT", ALREADY_REPORTED);
    throw error;
  }
}
