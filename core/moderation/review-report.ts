import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import type { ReportStatus } from "#db/schema/report-values.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordStaffEvent } from "../events/record-event";
import { requireReason } from "../shared/reason";
import { isUuid } from "../shared/ids";
import { declineOffersOnListing } from "../swaps/decline-offers-on-listing";
import { AppError } from "../shared/app-error";
import type { StaffActor } from "../staff/pass-staff-gate";
import type { StaffAction } from "../staff/permissions";
import { IN_ACCEPTED_SWAP } from "./moderate-listings";
import { REPORT_REASON_LABELS } from "./report-form";
import { type ListingUnderModeration, lockListingsForModeration } from "./lock-listings-for-moderation";
import { settlePendingReports, tellReporters } from "./settle-pending-reports";

export type ReportReview = "approve" | "reject" | "takedown";

export const REPORT_NOT_FOUND = "Report not found";
export const MODERATION_OFF = "Moderation is turned off";
export const alreadyReviewed = (status: ReportStatus) => `This report has already been ${status}`;

/**
 * Settles one report while it is pending (`where status = 'pending'`: of two moderators at once, one wins) and
 * returns it; the other is told it has already been settled, or that there is no such report.
 */
export async function settlePendingReport(
  tx: Db,
  {
    reportId,
    status,
    reviewerId,
    notes,
    now,
  }: {
    reportId: string;
    status: Exclude<ReportStatus, "pending">;
    reviewerId: string;
    notes: string | null;
    now: Date;
  },
) {
  const [report] = await tx
    .update(moderationReports)
    .set({ status, reviewedBy: reviewerId, reviewedAt: now, reviewNotes: notes })
    .where(and(eq(moderationReports.id, reportId), eq(moderationReports.status, "pending")))
    .returning();
  if (report) return report;
  const [current] = await tx
    .select({ status: moderationReports.status })
    .from(moderationReports)
    .where(eq(moderationReports.id, reportId));
  throw new AppError(current ? "CONFLICT" : "NOT_FOUND", current ? alreadyReviewed(current.status) : REPORT_NOT_FOUND);
}

/** Each review: the status its reports get, and the audit log's action name (the permission table's entry). */
export const REVIEWS: Record<ReportReview, { status: Exclude<ReportStatus, "pending">; action: StaffAction }> = {
  approve: { status: "approved", action: "approve_report" },
  reject: { status: "rejected", action: "reject_report" },
  takedown: { status: "takedown", action: "takedown_from_report" },
};

type Listing = ListingUnderModeration;

/**
 * A moderator settles a pending report, and with it every other pending report on the same listing (each gets the
 * same status and notes):
 * - approve: the listing is rejected, cancelled and unflagged ('Report approved - Listing removed');
 * - reject (review notes required): the listing is unflagged and, if reports had hidden it, public again;
 * - takedown (a reason required): the listing is taken down and cancelled with the reason and time.
 * Removing a listing declines the pending offers on it and tells its owner why; a restored one's owner is told it
 * is back; every reporter is told the outcome. One transaction with exactly one audit row (target the report; the
 * metadata names the listing and the reports settled with it). A listing its owner has deleted meanwhile is left
 * alone and the reports are still settled; one in an accepted swap cannot be removed until the swap is cancelled.
 *
 * Locks: the listing first, then the reports (a member's report locks the listing, then inserts), so two moderators
 * on one listing's reports queue up instead of deadlocking; the report changes only `where status = 'pending'`, so
 * of two moderators acting on it at once, one wins and the other is told 'This report has already been ...'.
 */
export async function reviewReport(
  db: Db,
  {
    actor,
    reportId,
    review,
    notes: rawNotes,
    now,
    appUrl,
  }: { actor: StaffActor; reportId: string; review: ReportReview; notes?: unknown; now: Date; appUrl: string },
) {
  if (!isUuid(reportId)) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
  // Approving may come without notes; rejecting needs the review notes and a takedown its reason.
  const notes = review === "approve" ? optionalNotes(rawNotes) : requireReason(rawNotes);
  if (!(await isFeatureEnabled(db, "enable_moderation"))) throw new AppError("FORBIDDEN", MODERATION_OFF);
  const { status, action } = REVIEWS[review];

  const reviewed = await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ listingId: moderationReports.listingId })
      .from(moderationReports)
      // A review report is settled on its own page only (core/reviews/settle-review-report.ts, decision 094).
      .where(and(eq(moderationReports.id, reportId), ne(moderationReports.subject, "review")));
    if (!seen) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
    const [listing] = seen.listingId ? await lockListingsForModeration(tx, [seen.listingId]) : [];

    const report = await settlePendingReport(tx, { reportId, status, reviewerId: actor.userId, notes, now });
    const applies = listing ? listingTakes(listing, review) : false;
    if (applies && review !== "reject" && listing.status === "reserved")
      throw new AppError("CONFLICT", IN_ACCEPTED_SWAP);

    const others = listing
      ? await settlePendingReports(tx, {
          listing,
          status,
          reviewerId: actor.userId,
          notes,
          now,
          except: report.id,
        })
      : [];

    const ownerReason = review === "takedown" ? (notes as string) : (notes ?? REPORT_REASON_LABELS[report.reason]);
    const change = applies ? await changeListing(tx, { listing, review, reason: ownerReason, now }) : null;
    if (change?.mail)
      await recordStaffEvent(tx, {
        kind: "listing.moderated",
        subjectId: listing.id,
        payload: { ownerId: listing.userId, title: listing.title, outcome: change.mail, reason: ownerReason },
      });
    await tellReporters(tx, { reports: [report], title: listing?.title ?? null, status });

    await recordAdminAction(tx, {
      actorId: actor.userId,
      action,
      targetType: "report",
      targetId: report.id,
      metadata: {
        listing_id: listing?.id ?? null,
        ...(review === "takedown" ? { reason: notes } : notes ? { notes } : {}),
        report_reason: report.reason,
        ...(others.length ? { resolved_with: others } : {}),
        ...(listing
          ? {
              before: {
                status: listing.status,
                moderationStatus: listing.moderationStatus,
                isFlagged: listing.isFlagged,
              },
            }
          : {}),
        ...(change ? { after: change.after } : listing ? { listing_unchanged: listing.status } : {}),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { reportId: report.id, status, listingId: listing?.id ?? null, resolvedWith: others };
  });
  await deliverAfterCommit({ db, env: { APP_URL: appUrl } });
  return reviewed;
}

/**
 * Whether the review changes the listing: not one its owner deleted or that was swapped (history), nor one staff
 * already removed, except that a legal takedown still marks a rejected listing as taken down.
 */
function listingTakes(listing: Listing, review: ReportReview): boolean {
  if (listing.status === "deleted" || listing.status === "swapped") return false;
  if (review === "approve") return listing.status !== "cancelled";
  if (review === "takedown") return listing.moderationStatus !== "takedown";
  return true;
}

function optionalNotes(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text ? text.slice(0, 500) : null;
}

/** What the review does to a listing still on show; and which e-mail its owner gets, if any. */
async function changeListing(
  tx: Db,
  { listing, review, reason, now }: { listing: Listing; review: ReportReview; reason: string; now: Date },
): Promise<{ after: Record<string, unknown>; mail: "rejected" | "takedown" | "restored" | null }> {
  if (review === "reject") {
    const wasHidden = listing.moderationStatus === "pending";
    const after = { isFlagged: false, ...(wasHidden ? { moderationStatus: "approved" as const } : {}) };
    await tx
      .update(listings)
      .set({ ...after, updatedAt: now })
      .where(eq(listings.id, listing.id));
    return { after, mail: wasHidden && listing.status === "active" ? "restored" : null };
  }
  const after =
    review === "approve"
      ? {
          moderationStatus: "rejected" as const,
          status: "cancelled" as const,
          isFlagged: false,
          takedownReason: reason,
        }
      : {
          moderationStatus: "takedown" as const,
          status: "cancelled" as const,
          isFlagged: false,
          takedownReason: reason,
          takedownAt: now,
        };
  await tx
    .update(listings)
    .set({ ...after, updatedAt: now })
    .where(eq(listings.id, listing.id));
  // Offers on a listing that is gone are declined, as when staff remove it from the Listings page.
  await declineOffersOnListing(tx, listing.id, now);
  return {
    after: { ...after, ...(review === "takedown" ? { takedownAt: now.toISOString() } : {}) },
    mail: review === "approve" ? "rejected" : "takedown",
  };
}
