import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { searchBackOffice } from "#core/back-office/search-back-office.ts";
import { deleteListing } from "#core/listings/delete-listing.ts";
import { findListing } from "#core/listings/find-listing.ts";
import { findModerationQueue, queueFilter } from "#core/moderation/find-moderation-queue.ts";
import { findReportForStaff } from "#core/moderation/find-report-for-staff.ts";
import { IN_ACCEPTED_SWAP, moderateListings } from "#core/moderation/moderate-listings.ts";
import { reportListing } from "#core/moderation/report-listing.ts";
import {
  alreadyReviewed,
  MODERATION_OFF,
  REPORT_NOT_FOUND,
  type ReportReview,
  reviewReport,
} from "#core/moderation/review-report.ts";
import { REASON_REQUIRED } from "#core/shared/reason.ts";
import type { StaffActor } from "#core/staff/pass-staff-gate.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember, createSwap, type TestMember } from "../support/factories";
import { setFlag } from "../support/flags";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();
const clock = controlledClock("2030-07-01T00:00:00.000Z");
const appUrl = "http://localhost:3000";
beforeEach(async () => {
  clock.advance(2 * 24 * HOUR);
  await setFlag(db, "enable_moderation", true);
  await setFlag(db, "enable_auto_takedown", false);
  await setFlag(db, "enable_rate_limiting", true);
});

async function staff(name: string): Promise<StaffActor> {
  const member = await createMember(db, { name });
  return { userId: member.id, name, email: member.email, roles: ["moderator"], ip: "203.0.113.9", userAgent: "vitest" };
}
const morgan = await staff("Morgan Moderator");
const avery = await staff("Avery Admin");

const review = (reportId: string, how: ReportReview, notes?: string, actor = morgan) =>
  reviewReport(db, { actor, reportId, review: how, notes, now: clock.now(), appUrl });
const listingOf = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0];
const reportOf = async (id: string) =>
  (await db.select().from(moderationReports).where(eq(moderationReports.id, id)))[0];
const auditOf = (id: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
const mailTo = (member: TestMember) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));

/** A listing with `n` members' reports on it, oldest first. */
async function reported(n = 1, title = "Knock-off sneakers") {
  const owner = await createMember(db, { name: "Olive Owner" });
  const id = await createListing(db, owner.id, { title });
  const reporters: TestMember[] = [];
  const reports: string[] = [];
  for (let i = 0; i < n; i++) {
    const reporter = await createMember(db, { name: `Reporter ${i + 1}` });
    reporters.push(reporter);
    reports.push(
      (
        await reportListing(
          { db, clock },
          {
            reporterId: reporter.id,
            listingId: id,
            reason: i === 0 ? "fraud" : "spam",
            notes: "Fake",
            evidence: "https://example.com/a",
          },
        )
      ).id,
    );
    clock.advance(1000);
  }
  return { owner, id, reporters, reports };
}

describe("the queue", () => {
  test("shows pending reports by default, newest first, with title, reporter, evidence and the other open reports on the listing", async () => {
    const { reports } = await reported(2, "Queue sneakers");
    const { reports: single } = await reported(1, "Lonely lamp");
    const page = await findModerationQueue(db, { status: queueFilter(null) });
    expect(queueFilter("nonsense")).toBe("pending");
    const ids = page.reports.map((r) => r.id);
    expect(ids.indexOf(single[0])).toBeLessThan(ids.indexOf(reports[1]));
    expect(ids.indexOf(reports[1])).toBeLessThan(ids.indexOf(reports[0]));
    const card = page.reports.find((r) => r.id === reports[0]);
    expect(card).toMatchObject({
      listingTitle: "Queue sneakers",
      reporterName: "Reporter 1",
      reason: "fraud",
      status: "pending",
      notes: "Fake",
      evidenceCount: 1,
      otherOpenReports: 1,
    });
    expect(page.reports.find((r) => r.id === single[0])?.otherOpenReports).toBe(0);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  test("pages without gaps or repeats, and each filter counts its own", async () => {
    await reported(5, "Paged");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof findModerationQueue>> = await findModerationQueue(
        db,
        { status: "all", cursor },
        2,
      );
      seen.push(...page.reports.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await findModerationQueue(db, { status: "all" });
    expect(seen).toHaveLength(all.total);
    expect(new Set(seen).size).toBe(seen.length);
    const counts = await Promise.all(
      ["pending", "approved", "rejected", "takedown"].map(
        async (s) => (await findModerationQueue(db, { status: queueFilter(s) })).total,
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(all.total);
  });

  test("a deleted listing reads as gone; a reporter whose account went reads as unknown", async () => {
    const { owner, id, reports, reporters } = await reported(1, "Soon gone");
    await deleteListing({ db, clock }, { listingId: id, actorId: owner.id });
    await db
      .update(moderationReports)
      .set({ reportedBy: null })
      .where(eq(moderationReports.reportedBy, reporters[0].id));
    const card = (await findModerationQueue(db, { status: "pending" })).reports.find((r) => r.id === reports[0]);
    expect(card).toMatchObject({ listingTitle: null, reporterName: null });
    const details = await findReportForStaff(db, { id: reports[0] });
    expect(details?.listing).toBeNull();
    expect(details?.evidenceUrls).toEqual(["https://example.com/a"]);
  });

  test("report details name the listing's owner, with at most 3 pictures", async () => {
    const { id, reports } = await reported(1, "Three pictures");
    await db
      .update(listings)
      .set({ images: [1, 2, 3, 4, 5].map((n) => ({ key: `listings/x/${id}-${n}`, widths: [320] })) })
      .where(eq(listings.id, id));
    const details = await findReportForStaff(db, { id: reports[0] });
    expect(details?.listing).toMatchObject({
      id,
      title: "Three pictures",
      ownerName: "Olive Owner",
      category: "tradie_tools",
    });
    expect(details?.listing?.images).toHaveLength(3);
    expect(await findReportForStaff(db, { id: "not-a-uuid" })).toBeNull();
  });

  test("the back office's search finds reports by listing title, reporter name or id", async () => {
    const { reports } = await reported(1, "Searchable zither");
    expect((await searchBackOffice(db, { q: "zither" })).reports.map((r) => r.id)).toContain(reports[0]);
    expect((await searchBackOffice(db, { q: reports[0].slice(0, 8) })).reports.map((r) => r.id)).toContain(reports[0]);
    expect((await searchBackOffice(db, { q: "Reporter 1" })).reports.length).toBeGreaterThan(0);
  });
});

describe("acting on a report", () => {
  test("approve: the report is approved, the listing rejected, cancelled and unflagged, with one audit row; reporter and owner told", async () => {
    const { owner, id, reports, reporters } = await reported(1, "Fake Rolex");
    const result = await review(reports[0], "approve");
    expect(result).toMatchObject({ status: "approved", listingId: id, resolvedWith: [] });
    expect(await reportOf(reports[0])).toMatchObject({ status: "approved", reviewedBy: morgan.userId });
    expect((await reportOf(reports[0])).reviewedAt).not.toBeNull();
    expect(await listingOf(id)).toMatchObject({
      moderationStatus: "rejected",
      status: "cancelled",
      isFlagged: false,
      takedownReason: "Fraud or scam",
    });
    const audit = await auditOf(reports[0]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "approve_report",
      targetType: "report",
      adminId: morgan.userId,
      ip: "203.0.113.9",
    });
    expect(audit[0].metadata).toMatchObject({
      listing_id: id,
      after: { moderationStatus: "rejected", status: "cancelled" },
    });
    const [ownerMail] = await mailTo(owner);
    expect(ownerMail.subject).toBe('Your listing "Fake Rolex" was removed');
    expect(ownerMail.textBody).toContain("Fraud or scam");
    const [reporterMail] = await mailTo(reporters[0]);
    expect(reporterMail.subject).toBe('We\'ve reviewed your report about "Fake Rolex"');
    expect(reporterMail.textBody).toContain("removed the listing");
    expect(reporterMail.textBody).not.toContain(owner.email);
  });

  test("reject: review notes are required; the listing is unflagged and a hidden one is public again, its owner told", async () => {
    await setFlag(db, "enable_auto_takedown", true);
    const { owner, id, reports, reporters } = await reported(3, "Genuine guitar");
    expect((await listingOf(id)).moderationStatus).toBe("pending");
    expect(await findListing(db, { id })).toBeNull();

    expect(await refusal(review(reports[1], "reject", "  "))).toEqual({ code: "VALIDATION", message: REASON_REQUIRED });
    expect(await auditOf(reports[1])).toHaveLength(0);

    const result = await review(reports[1], "reject", "Receipt checked: genuine");
    // Acting on a listing settles its other pending reports with it, each with the same status.
    expect(result.resolvedWith.sort()).toEqual([reports[0], reports[2]].sort());
    for (const r of reports)
      expect(await reportOf(r)).toMatchObject({ status: "rejected", reviewNotes: "Receipt checked: genuine" });
    expect(await listingOf(id)).toMatchObject({ moderationStatus: "approved", isFlagged: false, status: "active" });
    expect(await findListing(db, { id })).not.toBeNull();
    const audit = await db.select().from(adminAuditLog).where(inArray(adminAuditLog.targetId, reports));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "reject_report", targetId: reports[1] });
    expect(audit[0].metadata).toMatchObject({ listing_id: id, notes: "Receipt checked: genuine" });
    expect((await mailTo(owner)).map((m) => m.subject)).toEqual(['Your listing "Genuine guitar" is back on SwapShed']);
    for (const r of reporters)
      expect((await mailTo(r)).map((m) => m.textBody).join()).toContain("doesn't break our listing rules");
  });

  test("legal takedown: the listing is taken down with reason and time, offers declined; audit takedown_from_report with listing_id and reason", async () => {
    const { owner, id, reports } = await reported(2, "Pirated DVDs");
    const proposer = await createMember(db);
    const offered = await createListing(db, proposer.id, { title: "Honest bike" });
    const { swapId } = await createSwap(db, {
      status: "pending",
      offeredListingId: offered,
      targetListingId: id,
      proposerId: proposer.id,
      receiverId: owner.id,
      expiresAt: new Date(clock.now().getTime() + 24 * HOUR),
    });
    const offer = { id: swapId };
    expect(await refusal(review(reports[0], "takedown", ""))).toEqual({ code: "VALIDATION", message: REASON_REQUIRED });

    await review(reports[0], "takedown", "DMCA");
    expect(await listingOf(id)).toMatchObject({
      moderationStatus: "takedown",
      status: "cancelled",
      takedownReason: "DMCA",
      isFlagged: false,
    });
    expect((await listingOf(id)).takedownAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await reportOf(reports[0])).toMatchObject({ status: "takedown", reviewNotes: "DMCA" });
    expect(await reportOf(reports[1])).toMatchObject({ status: "takedown" });
    expect((await db.select().from(swapProposals).where(eq(swapProposals.id, offer.id)))[0]).toMatchObject({
      status: "rejected",
      rejectionReason: "Listing no longer available",
    });
    const [row] = await auditOf(reports[0]);
    expect(row).toMatchObject({ action: "takedown_from_report", targetType: "report", targetId: reports[0] });
    expect(row.metadata).toMatchObject({ listing_id: id, reason: "DMCA", resolved_with: [reports[1]] });
    expect((await mailTo(owner)).map((m) => m.subject)).toEqual(['Your listing "Pirated DVDs" was taken down']);
  });

  test("a report already dealt with: 'This report has already been {status}', nothing changes, no audit row", async () => {
    const { id, reports } = await reported(1, "Twice");
    await review(reports[0], "reject", "Fine");
    for (const how of ["approve", "reject", "takedown"] as const) {
      expect(await refusal(review(reports[0], how, "again"))).toEqual({
        code: "CONFLICT",
        message: alreadyReviewed("rejected"),
      });
    }
    expect(alreadyReviewed("takedown")).toBe("This report has already been takedown");
    expect(await listingOf(id)).toMatchObject({ status: "active", moderationStatus: "approved" });
    expect(await auditOf(reports[0])).toHaveLength(1);
    expect(await refusal(review("00000000-0000-4000-8000-000000000000", "approve"))).toEqual({
      code: "NOT_FOUND",
      message: REPORT_NOT_FOUND,
    });
  });

  test("a listing in an accepted swap cannot be removed from a report: refused, nothing changes", async () => {
    const { id, reports } = await reported(1, "Reserved drill");
    await db.update(listings).set({ status: "reserved" }).where(eq(listings.id, id));
    expect(await refusal(review(reports[0], "approve"))).toEqual({ code: "CONFLICT", message: IN_ACCEPTED_SWAP });
    expect(await refusal(review(reports[0], "takedown", "DMCA"))).toEqual({
      code: "CONFLICT",
      message: IN_ACCEPTED_SWAP,
    });
    expect(await reportOf(reports[0])).toMatchObject({ status: "pending" });
    expect(await auditOf(reports[0])).toHaveLength(0);
    // Rejecting the report only unflags it.
    await review(reports[0], "reject", "Nothing wrong");
    expect(await listingOf(id)).toMatchObject({ status: "reserved", isFlagged: false });
  });

  test("with enable_moderation off, reviews are refused and change nothing", async () => {
    const { reports } = await reported(1, "Flag off");
    await setFlag(db, "enable_moderation", false);
    expect(await refusal(review(reports[0], "approve"))).toEqual({ code: "FORBIDDEN", message: MODERATION_OFF });
    expect(await reportOf(reports[0])).toMatchObject({ status: "pending" });
    expect(await auditOf(reports[0])).toHaveLength(0);
  });

  test("a report approved after its owner deleted the listing settles the report and leaves the listing deleted", async () => {
    const { owner, id, reports, reporters } = await reported(1, "Deleted first");
    await deleteListing({ db, clock }, { listingId: id, actorId: owner.id });
    await review(reports[0], "approve");
    expect(await reportOf(reports[0])).toMatchObject({ status: "approved" });
    expect(await listingOf(id)).toMatchObject({ status: "deleted", moderationStatus: "approved" });
    expect(await mailTo(owner)).toHaveLength(0);
    expect(await mailTo(reporters[0])).toHaveLength(1);
    const [row] = await auditOf(reports[0]);
    expect(row.metadata).toMatchObject({ listing_id: id, listing_unchanged: "deleted" });
  });

  test("a report whose listing went with its owner's purged account reads 'Deleted Listing' and can still be settled", async () => {
    const { id, reports } = await reported(1, "Purged with its owner");
    await db.delete(listings).where(eq(listings.id, id));
    expect((await reportOf(reports[0])).listingId).toBeNull();
    expect((await findReportForStaff(db, { id: reports[0] }))?.listing).toBeNull();
    await review(reports[0], "takedown", "legal");
    expect(await reportOf(reports[0])).toMatchObject({ status: "takedown" });
    expect((await auditOf(reports[0]))[0].metadata).toMatchObject({ listing_id: null, reason: "legal" });
  });

  test("acting on a listing from the Listings page settles its open reports, and each reporter is told", async () => {
    const fromListingsPage = (
      actor: typeof morgan,
      ids: string[],
      moderation: "approve" | "takedown" | "delete",
      reason?: string,
    ) => moderateListings({ db }, { actor, ids, moderation, reason, now: clock.now(), appUrl });
    const taken = await reported(2, "Taken down from Listings");
    await fromListingsPage(morgan, [taken.id], "takedown", "terms");
    for (const r of taken.reports)
      expect(await reportOf(r)).toMatchObject({ status: "takedown", reviewedBy: morgan.userId, reviewNotes: "terms" });
    for (const reporter of taken.reporters) expect(await mailTo(reporter)).toHaveLength(1);
    const [row] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, taken.id));
    expect(row.metadata).toMatchObject({ settled_reports: expect.arrayContaining(taken.reports) });

    const cleared = await reported(1, "Approved from Listings");
    await fromListingsPage(morgan, [cleared.id], "approve");
    expect(await reportOf(cleared.reports[0])).toMatchObject({ status: "rejected" });
    expect(await listingOf(cleared.id)).toMatchObject({
      moderationStatus: "approved",
      isFlagged: false,
      status: "active",
    });

    const deleted = await reported(1, "Deleted for good from Listings");
    await fromListingsPage(avery, [deleted.id], "delete", "fraud");
    expect(await reportOf(deleted.reports[0])).toMatchObject({ status: "approved", listingId: null });
    const pending = await findModerationQueue(db, { status: queueFilter("pending"), cursor: null });
    expect(pending.reports.map((r) => r.id)).not.toContain(deleted.reports[0]);
  });

  test.skipIf(handle.kind !== "postgres")(
    "on PostgreSQL: two moderators acting on one report at once: one wins, the other is told, one audit row",
    async () => {
      const { id, reports, owner } = await reported(1, "Contested");
      const results = await Promise.allSettled([
        review(reports[0], "approve", undefined, morgan),
        review(reports[0], "reject", "Looks fine", avery),
      ]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason.message).toMatch(/^This report has already been (approved|rejected)$/);
      expect(await auditOf(reports[0])).toHaveLength(1);
      const listing = await listingOf(id);
      const status = (await reportOf(reports[0])).status;
      expect(status === "approved" ? listing.status : "active").toBe(listing.status);
      expect((await mailTo(owner)).length).toBe(status === "approved" ? 1 : 0);
    },
  );

  test.skipIf(handle.kind !== "postgres")(
    "on PostgreSQL: two moderators on two reports of one listing at once: one settles both, the other is told",
    async () => {
      const { reports } = await reported(2, "Two reports");
      const results = await Promise.allSettled([
        review(reports[0], "approve", undefined, morgan),
        review(reports[1], "takedown", "DMCA", avery),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      // Both lock the listing before any report, so the second waits and is told, rather than deadlocking.
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason.message).toMatch(/^This report has already been (approved|takedown)$/);
      const statuses = [(await reportOf(reports[0])).status, (await reportOf(reports[1])).status];
      expect(statuses[0]).toBe(statuses[1]);
      const audit = await db.select().from(adminAuditLog).where(inArray(adminAuditLog.targetId, reports));
      expect(audit).toHaveLength(1);
    },
  );

  test.skipIf(handle.kind !== "postgres")(
    "on PostgreSQL: a report approved while its owner deletes the listing: both finish, the listing ends deleted or removed, never both",
    async () => {
      for (let round = 0; round < 5; round++) {
        const { owner, id, reports } = await reported(1, `Race ${round}`);
        const [approved, deleted] = await Promise.allSettled([
          review(reports[0], "approve"),
          deleteListing({ db, clock }, { listingId: id, actorId: owner.id }),
        ]);
        expect(approved.status).toBe("fulfilled");
        expect(deleted.status).toBe("fulfilled");
        const listing = await listingOf(id);
        // Whichever came second found the listing as the first left it: deleted by its owner either way.
        expect(listing.status).toBe("deleted");
        expect(await reportOf(reports[0])).toMatchObject({ status: "approved" });
        const [row] = await auditOf(reports[0]);
        const removedFirst = (row.metadata as { after?: unknown }).after !== undefined;
        expect(listing.moderationStatus).toBe(removedFirst ? "rejected" : "approved");
        expect(
          await db
            .select()
            .from(mailOutbox)
            .where(and(eq(mailOutbox.toAddress, owner.email))),
        ).toHaveLength(removedFirst ? 1 : 0);
      }
    },
  );
});
