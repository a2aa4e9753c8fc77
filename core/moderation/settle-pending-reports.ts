import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import type { ReportStatus } from "#db/schema/report-values.ts";
import { recordStaffEvent } from "../events/record-event";

/**
 * Settles a listing's pending reports (all but `except`) with the status the staff member's decision gives them,
 * inside the caller's transaction, and records for each reporter that it was reviewed (they are mailed the
 * outcome). Acting on a listing, from a report or from the Listings page, resolves the other open reports about
 * it, so none waits in the queue for a decision already taken. Returns the ids settled.
 */
export async function settlePendingReports(
  tx: Db,
  {
    listing,
    status,
    reviewerId,
    notes,
    now,
    except,
  }: {
    listing: { id: string; title: string | null };
    status: Exclude<ReportStatus, "pending">;
    reviewerId: string;
    notes: string | null;
    now: Date;
    except?: string;
  },
): Promise<string[]> {
  const settled = await tx
    .update(moderationReports)
    .set({ status, reviewedBy: reviewerId, reviewedAt: now, reviewNotes: notes })
    .where(
      and(
        eq(moderationReports.listingId, listing.id),
        eq(moderationReports.status, "pending"),
        ...(except ? [ne(moderationReports.id, except)] : []),
      ),
    )
    .returning();
  await tellReporters(tx, { reports: settled, title: listing.title, status });
  return settled.map((s) => s.id);
}

/** Records, for each settled report whose reporter's account still exists, that it was reviewed. */
export async function tellReporters(
  tx: Db,
  {
    reports,
    title,
    status,
  }: {
    reports: { id: string; reportedBy: string | null }[];
    title: string | null;
    status: Exclude<ReportStatus, "pending">;
  },
) {
  for (const report of reports) {
    if (!report.reportedBy) continue;
    await recordStaffEvent(tx, {
      kind: "report.reviewed",
      subjectId: report.id,
      payload: { reporterId: report.reportedBy, title, outcome: status },
    });
  }
}
