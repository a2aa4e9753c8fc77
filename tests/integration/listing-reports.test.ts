import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { findHomeListings } from "#core/listings/find-home-listings.ts";
import { findListing } from "#core/listings/find-listing.ts";
import { findMyListings } from "#core/listings/find-my-listings.ts";
import { canReport } from "#core/moderation/can-report.ts";
import { CHOOSE_A_REASON, LINK_NOT_WEB, NOTES_TOO_LONG, TOO_MANY_LINKS } from "#core/moderation/report-form.ts";
import {
  ALREADY_REPORTED,
  LISTING_NOT_FOUND,
  OWN_LISTING,
  REPORTING_OFF,
  reportListing,
} from "#core/moderation/report-listing.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { controlledClock, HOUR } from "../support/test-clock";
import { createListing, createMember } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { setFlag } from "../support/flags";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();
const clock = controlledClock("2030-06-01T00:00:00.000Z");
const deps = { db, clock };
beforeEach(async () => {
  clock.advance(2 * 24 * HOUR);
  await setFlag(db, "enable_moderation", true);
  await setFlag(db, "enable_auto_takedown", false);
  await setFlag(db, "enable_rate_limiting", true);
});

const report = (
  reporterId: string,
  listingId: string,
  extra: { reason?: string; notes?: string; evidence?: string } = {},
) => reportListing(deps, { reporterId, listingId, reason: "fraud", ...extra });
const listingOf = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0];
const reportsOn = (id: string) => db.select().from(moderationReports).where(eq(moderationReports.listingId, id));

async function listed(title = "Too-good-to-be-true iPhone") {
  const owner = await createMember(db, { name: "Olive Owner" });
  return { owner, id: await createListing(db, owner.id, { title }) };
}

describe("a member reports a listing", () => {
  test("with a reason, notes and evidence links: stored pending for staff, the listing flagged but still public", async () => {
    const { id } = await listed();
    const reporter = await createMember(db);
    const result = await report(reporter.id, id, {
      reason: "copyright",
      notes: "Photos copied from\r\nmy own ad.",
      evidence: "https://example.com/my-ad\n\nhttp://example.org/photo.jpg  https://example.com/my-ad",
    });
    expect(result.hidden).toBe(false);
    const [row] = await reportsOn(id);
    expect(row).toMatchObject({
      id: result.id,
      reportedBy: reporter.id,
      reason: "copyright",
      status: "pending",
      notes: "Photos copied from\nmy own ad.",
      evidenceUrls: ["https://example.com/my-ad", "http://example.org/photo.jpg"],
    });
    expect(await listingOf(id)).toMatchObject({ isFlagged: true, moderationStatus: "approved", status: "active" });
    expect(await findListing(db, { id })).not.toBeNull();
  });

  test("the form's rules are the server's: a reason from the seven, notes up to 2,000 characters, up to 10 web links", async () => {
    const { id } = await listed();
    const reporter = await createMember(db);
    expect(await refusal(report(reporter.id, id, { reason: "boring" }))).toEqual({
      code: "VALIDATION",
      message: CHOOSE_A_REASON,
    });
    expect((await refusal(report(reporter.id, id, { notes: "x".repeat(2001) }))).message).toBe(NOTES_TOO_LONG);
    // 2,000 characters counted as people (and PostgreSQL) count them, emoji and Windows line ends included.
    await report(reporter.id, id, { notes: `${"🦘".repeat(1000)}${"a\r\n".repeat(499)}a` });
    await db.delete(moderationReports).where(eq(moderationReports.listingId, id));
    const links = Array.from({ length: 11 }, (_, n) => `https://example.com/${n}`).join("\n");
    expect((await refusal(report(reporter.id, id, { evidence: links }))).message).toBe(TOO_MANY_LINKS);
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.com/file",
      "file:///etc/passwd",
      "example.com/page",
      "data:text/html,hi",
    ]) {
      expect((await refusal(report(reporter.id, id, { evidence: bad }))).message, bad).toBe(LINK_NOT_WEB);
    }
    expect(await reportsOn(id)).toHaveLength(0);
  });

  test("one pending report per member per listing: a second is refused with a clear message", async () => {
    const { id } = await listed();
    const reporter = await createMember(db);
    await report(reporter.id, id);
    expect(await refusal(report(reporter.id, id, { reason: "spam" }))).toEqual({
      code: "CONFLICT",
      message: ALREADY_REPORTED,
    });
    expect(await reportsOn(id)).toHaveLength(1);
    // Once staff have dealt with it, the member may report the listing again.
    await db.update(moderationReports).set({ status: "rejected" }).where(eq(moderationReports.listingId, id));
    await report(reporter.id, id);
    expect(await reportsOn(id)).toHaveLength(2);
  });

  test("nobody reports their own listing, nor one they cannot see", async () => {
    const { owner, id } = await listed();
    expect(await refusal(report(owner.id, id))).toEqual({ code: "FORBIDDEN", message: OWN_LISTING });
    const reporter = await createMember(db);
    const gone = await createListing(db, owner.id, { status: "deleted" });
    expect(await refusal(report(reporter.id, gone))).toEqual({ code: "NOT_FOUND", message: LISTING_NOT_FOUND });
    expect(await refusal(report(reporter.id, "not-a-uuid"))).toEqual({ code: "NOT_FOUND", message: LISTING_NOT_FOUND });
    expect(await reportsOn(id)).toHaveLength(0);
  });

  test("with enable_moderation off the server refuses and stores nothing", async () => {
    const { id } = await listed();
    const reporter = await createMember(db);
    await setFlag(db, "enable_moderation", false);
    expect(await refusal(report(reporter.id, id))).toEqual({ code: "FORBIDDEN", message: REPORTING_OFF });
    expect(await reportsOn(id)).toHaveLength(0);
    expect((await listingOf(id)).isFlagged).toBe(false);
  });

  test("the listing page offers 'Report listing' exactly where the report would be taken", async () => {
    const { owner, id } = await listed();
    const reporter = await createMember(db);
    expect(await canReport(db, { viewerId: reporter.id, ownerId: owner.id })).toBe(true);
    expect(await canReport(db, { viewerId: owner.id, ownerId: owner.id })).toBe(false);
    expect(await canReport(db, { viewerId: null, ownerId: owner.id })).toBe(false);
    await setFlag(db, "enable_moderation", false);
    expect(await canReport(db, { viewerId: reporter.id, ownerId: owner.id })).toBe(false);
    expect(await refusal(report(reporter.id, id))).toEqual({ code: "FORBIDDEN", message: REPORTING_OFF });
  });

  test("10 reports an hour per member: the 11th is refused with when to come back, logged, and stores nothing", async () => {
    const reporter = await createMember(db);
    for (let n = 0; n < 10; n++) await report(reporter.id, (await listed(`Listing ${n}`)).id);
    const { id } = await listed("One too many");
    const refused = await refusal(report(reporter.id, id));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.message).toMatch(
      /^You've reached the limit for reports\. You can report another listing from \w{3} \d{1,2}:\d{2} (am|pm)\.$/,
    );
    expect(await reportsOn(id)).toHaveLength(0);
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, reporter.id), eq(securityEvents.eventType, "rate_limited")));
    expect(events).toHaveLength(1);
    expect(events[0].attemptedAction).toBe("report_listing");
    // A duplicate or a typo does not use up the allowance.
    clock.advance(HOUR + 1000);
    const { id: next } = await listed();
    await report(reporter.id, next);
    await refusal(report(reporter.id, next));
    await refusal(report(reporter.id, next, { reason: "" }));
    const used = await db.select().from(moderationReports).where(eq(moderationReports.reportedBy, reporter.id));
    expect(used).toHaveLength(11);
  });
});

describe("auto takedown", () => {
  test("off: three reporters flag a listing but it stays public", async () => {
    const { id } = await listed();
    for (let n = 0; n < 3; n++) expect((await report((await createMember(db)).id, id)).hidden).toBe(false);
    expect(await listingOf(id)).toMatchObject({ isFlagged: true, moderationStatus: "approved" });
  });

  test("on: the third different member's report hides the listing from everyone but its owner, who sees it held for review", async () => {
    await setFlag(db, "enable_auto_takedown", true);
    const { owner, id } = await listed("Hidden after three");
    const [first, second, third] = [await createMember(db), await createMember(db), await createMember(db)];
    expect((await report(first.id, id)).hidden).toBe(false);
    // The same member twice is still one reporter.
    await refusal(report(first.id, id));
    expect((await report(second.id, id)).hidden).toBe(false);
    expect((await listingOf(id)).moderationStatus).toBe("approved");
    expect((await report(third.id, id)).hidden).toBe(true);
    expect(await listingOf(id)).toMatchObject({ isFlagged: true, moderationStatus: "pending", status: "active" });

    expect(await findListing(db, { id })).toBeNull();
    expect(await findListing(db, { id, viewer: { userId: first.id } })).toBeNull();
    expect((await findHomeListings(db, {})).some((l) => l.id === id)).toBe(false);
    expect(await findListing(db, { id, viewer: { userId: owner.id } })).not.toBeNull();
    const mine = await findMyListings(db, { ownerId: owner.id });
    expect(mine.listings.find((l) => l.id === id)?.moderationStatus).toBe("pending");
    // Hidden, it takes no more reports (nobody else can see it).
    expect(await refusal(report((await createMember(db)).id, id))).toEqual({
      code: "NOT_FOUND",
      message: LISTING_NOT_FOUND,
    });
  });

  test.skipIf(handle.kind !== "postgres")(
    "on PostgreSQL: five members reporting at the same moment hide the listing once, with every report kept",
    async () => {
      await setFlag(db, "enable_auto_takedown", true);
      const { id } = await listed("Raced");
      const reporters = await Promise.all(Array.from({ length: 5 }, () => createMember(db)));
      const results = await Promise.allSettled(reporters.map((r) => report(r.id, id)));
      const fulfilled = results
        .filter((r) => r.status === "fulfilled")
        .map((r) => (r as PromiseFulfilledResult<{ hidden: boolean }>).value);
      // The first three commit one after another on the listing's lock; the third hides it. The other two then find
      // it hidden and are told it is not found: nothing they could see any more.
      expect(fulfilled).toHaveLength(3);
      expect(fulfilled.filter((r) => r.hidden)).toHaveLength(1);
      expect(await reportsOn(id)).toHaveLength(3);
      expect((await listingOf(id)).moderationStatus).toBe("pending");
    },
  );

  test.skipIf(handle.kind !== "postgres")(
    "on PostgreSQL: three members racing still hide it, and one member racing with herself reports once",
    async () => {
      await setFlag(db, "enable_auto_takedown", true);
      const { id } = await listed("Three at once");
      const reporters = await Promise.all(Array.from({ length: 3 }, () => createMember(db)));
      const results = await Promise.all(reporters.map((r) => report(r.id, id)));
      expect(results.filter((r) => r.hidden)).toHaveLength(1);
      expect((await listingOf(id)).moderationStatus).toBe("pending");

      const { id: other } = await listed("Double click");
      const eager = await createMember(db);
      const twice = await Promise.allSettled([report(eager.id, other), report(eager.id, other)]);
      expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await reportsOn(other)).toHaveLength(1);
    },
  );
});
