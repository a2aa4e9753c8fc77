import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { type ListingImage, listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { isUuid } from "../shared/ids";
import { listingStateColumns } from "./listing-state-columns";
import { webAddress } from "./report-form";
import { onReport, reporter } from "./report-joins";

/** The Report Details dialog shows up to this many of the listing's pictures. */
export const REPORT_IMAGES = 3;

/** The reported listing as staff see it; null once it is gone (hard-deleted, or deleted by its owner). */
export type StaffReportListing = {
  id: string;
  title: string;
  category: string;
  location: string;
  images: ListingImage[];
  status: string;
  moderationStatus: string;
  isFlagged: boolean;
  takedownReason: string | null;
  ownerId: string;
  ownerName: string | null;
};

const owner = alias(users, "owner");
const reviewer = alias(users, "reviewer");

/**
 * One report for the Report Details dialog: the report (with its evidence links), who made and who reviewed it,
 * and its listing (title, category, location, owner, up to 3 pictures), or no listing once it has been deleted.
 */
export async function findReportForStaff(db: Db, { id }: { id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: moderationReports.id,
      subject: moderationReports.subject,
      reason: moderationReports.reason,
      status: moderationReports.status,
      notes: moderationReports.notes,
      evidenceUrls: moderationReports.evidenceUrls,
      createdAt: moderationReports.createdAt,
      reviewedAt: moderationReports.reviewedAt,
      reviewNotes: moderationReports.reviewNotes,
      reporterId: moderationReports.reportedBy,
      reporterName: reporter.name,
      reviewerName: reviewer.name,
      otherOpenReports: sql<number>`(select count(*)::int from moderation_reports o
        where o.listing_id = ${moderationReports.listingId} and o.status = 'pending' and o.id <> ${moderationReports.id})`,
      listing: {
        ...listingStateColumns,
        category: listings.category,
        location: listings.location,
        images: listings.images,
        isFlagged: listings.isFlagged,
        takedownReason: listings.takedownReason,
        ownerId: listings.userId,
        ownerName: owner.name,
      },
    })
    .from(moderationReports)
    .leftJoin(listings, onReport.listing)
    .leftJoin(owner, eq(owner.id, listings.userId))
    .leftJoin(reporter, onReport.reporter)
    .leftJoin(reviewer, eq(reviewer.id, moderationReports.reviewedBy))
    .where(eq(moderationReports.id, id));
  if (!row) return null;
  const { listing, evidenceUrls, ...report } = row;
  return {
    ...report,
    // Stored links were checked on the way in; checked again on the way out, so only web links are ever rendered.
    evidenceUrls: evidenceUrls.filter((url) => webAddress(url) !== null),
    listing:
      listing?.id && listing.status !== "deleted"
        ? ({ ...listing, images: (listing.images ?? []).slice(0, REPORT_IMAGES) } as StaffReportListing)
        : null,
  };
}

export type ReportForStaff = NonNullable<Awaited<ReturnType<typeof findReportForStaff>>>;
