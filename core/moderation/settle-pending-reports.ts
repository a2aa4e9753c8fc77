import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { moderationReports } from "../../db/schema/moderation";
import type { ReportStatus } from "../../db/schema/report-values";
import { enqueueMail } from "../mail/mailer";
import { reportReviewed } from "../mail/templates";

/**
 * Settles a listing's pending reports (all but `except`) with the status the staff member's decision gives them,
 * inside the caller's transaction, and tells each reporter the outcome. Acting on a listing, from a report or
 * from the Listings page, resolves the other open reports about it, so none waits in the queue for a decision
 * already taken. Returns the ids settled.
 */
export async function settlePendingReports(
  tx: Db,
  {
    listing,
    status,
    reviewerId,
    notes,
    now,
    appUrl,
    except,
  }: {
    listing: { id: string; title: string | null };
    status: Exclude<ReportStatus, "pending">;
    reviewerId: string;
    notes: string | null;
    now: Date;
    appUrl: string;
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
  await tellReporters(tx, { reporters: settled.map((s) => s.reportedBy), title: listing.title, status, appUrl });
  return settled.map((s) => s.id);
}

/** The outcome e-mail to each reporter whose account still exists. */
export async function tellReporters(
  tx: Db,
  {
    reporters,
    title,
    status,
    appUrl,
  }: { reporters: (string | null)[]; title: string | null; status: Exclude<ReportStatus, "pending">; appUrl: string },
) {
  for (const reporterId of reporters) {
    if (!reporterId) continue;
    const [who] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, reporterId));
    if (who) await enqueueMail(tx, reportReviewed({ to: who.email, name: who.name, title, outcome: status, appUrl }));
  }
}
