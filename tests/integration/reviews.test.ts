// Honest reviews (issue 28, decision 094): double-blind until both have reviewed or 14 days have passed, tags, one
// public reply by the reviewed member, reports into the Moderation Queue and their removal by staff, and the
// member page's reliability and reply time.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { collectMemberData } from "#core/accounts/collect-member-data.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { findMemberPage } from "#core/members/find-member-page.ts";
import { findReliability } from "#core/members/member-reliability.ts";
import { findMedianReplyHours } from "#core/members/reply-time.ts";
import { findModerationQueue } from "#core/moderation/find-moderation-queue.ts";
import { describeNotice } from "#core/notifications/notification-kinds.ts";
import { findMemberReviews, findSwapReviews } from "#core/reviews/find-member-reviews.ts";
import { ALREADY_REPLIED, REVIEW_NOT_FOUND, replyToReview } from "#core/reviews/reply-to-review.ts";
import { OWN_REVIEW, REVIEW_ALREADY_REPORTED, reportReview } from "#core/reviews/report-review.ts";
import { revealDueReviews } from "#core/reviews/reveal-due-reviews.ts";
import { REPLY_TOO_LONG, UNKNOWN_TAG } from "#core/reviews/review-rules.ts";
import { settleReviewReport } from "#core/reviews/settle-review-report.ts";
import { LAPSED } from "#core/payments/lapse-unpaid-swaps.ts";
import { leaveReview } from "#core/swaps/leave-review.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { conversationMessages } from "#db/schema/conversations.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { notifications } from "#db/schema/notifications.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews, swapProblems } from "#db/schema/swaps.ts";
import { databaseForThisFile } from "../support/database-for-file";
import {
  createConversation,
  createListing,
  createMember,
  createMessage,
  createSwap,
  staffActor,
} from "../support/factories";
import { latestMail, linkIn } from "../support/mailbox";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";

const { db } = await databaseForThisFile();
const START = "2026-11-20T01:00:00.000Z";
const clock = controlledClock(START);
const APP_URL = "https://swapshed.example";
const deps = { db, clock, env: { APP_URL } };
const DAY = 24 * HOUR;
beforeEach(() => clock.set(START));

/** Two members who completed a swap now. */
async function completed(names: [string, string] = ["Priya Sharma", "Tom O'Brien"]) {
  const a = await createMember(db, { name: names[0] });
  const b = await createMember(db, { name: names[1] });
  const { swapId } = await createSwap(db, { status: "completed", proposerId: a.id, receiverId: b.id, at: clock.now() });
  return { a, b, swapId };
}

const noticesOf = async (userId: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);

describe("double-blind reviews", () => {
  test("neither side sees the other's stars or text until both have written; then both show together", async () => {
    const { a, b, swapId } = await completed();
    const first = await leaveReview(deps, {
      swapId,
      reviewerId: a.id,
      rating: 2,
      comment: "Arrived an hour late.",
      tags: ["not_as_described"],
    });
    expect(first.revealed).toBe(false);

    // B's page shows nothing of it; B's own swap view says only that a review is waiting.
    expect((await findMemberReviews(db, { memberId: b.id })).reviews).toEqual([]);
    expect((await findSwapReviews(db, { userId: b.id, swapIds: [swapId] }))[swapId]).toEqual({
      mine: null,
      theirs: { waiting: true },
    });
    // A sees their own, with the date it will be shown at the latest.
    const mine = (await findSwapReviews(db, { userId: a.id, swapIds: [swapId] }))[swapId].mine;
    expect(mine).toMatchObject({ rating: 2, revealed: false, comment: "Arrived an hour late." });
    expect(mine?.revealsAt?.toISOString()).toBe(new Date(clock.now().getTime() + 14 * DAY).toISOString());
    // The notice and the thread's line carry no stars and no text.
    await dispatchEvents({ db, appUrl: APP_URL });
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(notice.kind).toBe("review.received");
    expect(JSON.stringify(notice.payload)).not.toContain('"rating"');
    const lines = await db.select().from(conversationMessages).where(eq(conversationMessages.eventKind, "review"));
    for (const line of lines) expect(line.eventPayload).not.toHaveProperty("rating");
    // The hidden review does not count yet.
    const [before] = await db.select().from(profiles).where(eq(profiles.userId, b.id));
    expect([before.reviewCount, before.ratingAverage]).toEqual([0, null]);

    clock.advance(HOUR);
    const second = await leaveReview(deps, { swapId, reviewerId: b.id, rating: 5, tags: ["friendly", "on_time"] });
    expect(second.revealed).toBe(true);
    const rows = await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId));
    expect(rows.map((r) => r.revealedAt?.toISOString())).toEqual([
      clock.now().toISOString(),
      clock.now().toISOString(),
    ]);
    expect((await findMemberReviews(db, { memberId: b.id })).reviews).toMatchObject([
      { rating: 2, comment: "Arrived an hour late.", tags: ["not_as_described"], reviewer: { name: "Priya S." } },
    ]);
    expect((await findMemberReviews(db, { memberId: a.id })).reviews).toMatchObject([
      { rating: 5, tags: ["friendly", "on_time"], reviewer: { name: "Tom O." } },
    ]);
    expect((await findSwapReviews(db, { userId: a.id, swapIds: [swapId] }))[swapId].theirs).toEqual({
      waiting: false,
      rating: 5,
      tags: ["friendly", "on_time"],
      comment: null,
    });
    await dispatchEvents({ db, appUrl: APP_URL });
    const aNotices = await db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(aNotices.map((n) => n.payload)).toEqual([expect.objectContaining({ rating: 5, revealed: true })]);
  });

  test("two reviews written at the same moment are both revealed (the swap's row is locked first)", async () => {
    const { a, b, swapId } = await completed();
    const results = await Promise.all([
      leaveReview(deps, { swapId, reviewerId: a.id, rating: 5 }),
      leaveReview(deps, { swapId, reviewerId: b.id, rating: 4 }),
    ]);
    expect(results.map((r) => r.revealed).sort()).toEqual([false, true]);
    const rows = await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId));
    expect(rows.every((r) => r.revealedAt !== null)).toBe(true);
  });

  test("the reviewed member's data download holds a review of them only once it is shown", async () => {
    const { a, b, swapId } = await completed();
    await leaveReview(deps, { swapId, reviewerId: a.id, rating: 2, comment: "Late" });
    expect((await collectMemberData(db, { userId: b.id, now: clock.now() })).reviews.received).toEqual([]);
    expect((await collectMemberData(db, { userId: a.id, now: clock.now() })).reviews.given).toMatchObject([
      { rating: 2, comment: "Late" },
    ]);
    await leaveReview(deps, { swapId, reviewerId: b.id, rating: 5 });
    expect((await collectMemberData(db, { userId: b.id, now: clock.now() })).reviews.received).toMatchObject([
      { rating: 2, comment: "Late" },
    ]);
  });

  test("an unknown tag is refused and nothing is written", async () => {
    const { a, swapId } = await completed();
    expect(await refusal(leaveReview(deps, { swapId, reviewerId: a.id, rating: 4, tags: ["scammer"] }))).toEqual({
      code: "VALIDATION",
      message: UNKNOWN_TAG,
    });
    expect(await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId))).toEqual([]);
  });

  test("a lone review is shown 14 days after completion by the job, once, and both members are told", async () => {
    const { a, b, swapId } = await completed();
    await leaveReview(deps, { swapId, reviewerId: a.id, rating: 4, comment: "Fine" });
    clock.advance(14 * DAY - 60_000);
    expect(await revealDueReviews(deps)).not.toContain(swapId);
    expect((await findMemberReviews(db, { memberId: b.id })).reviews).toEqual([]);
    clock.advance(60_000);
    expect(await revealDueReviews(deps)).toContain(swapId);
    expect(await revealDueReviews(deps)).toEqual([]);
    expect((await findMemberReviews(db, { memberId: b.id })).reviews).toMatchObject([{ rating: 4, comment: "Fine" }]);
    expect(await noticesOf(a.id)).toEqual(["review.revealed"]);
    expect((await noticesOf(b.id)).sort()).toEqual(["review.received", "review.revealed"]);
    const [figures] = await db.select().from(profiles).where(eq(profiles.userId, b.id));
    expect([figures.reviewCount, figures.ratingAverage]).toEqual([1, 4]);
  });
});

describe("the reviewed member's reply", () => {
  test("once, only by the reviewed member, only after the reveal, at most 1000 characters", async () => {
    const { a, b, swapId } = await completed();
    const { id } = await leaveReview(deps, { swapId, reviewerId: a.id, rating: 3, comment: "OK" });
    // Hidden: as if it did not exist.
    expect(await refusal(replyToReview(deps, { reviewId: id, memberId: b.id, reply: "Thanks" }))).toEqual({
      code: "NOT_FOUND",
      message: REVIEW_NOT_FOUND,
    });
    await leaveReview(deps, { swapId, reviewerId: b.id, rating: 5 });
    expect(await refusal(replyToReview(deps, { reviewId: id, memberId: a.id, reply: "Me too" }))).toEqual({
      code: "NOT_FOUND",
      message: REVIEW_NOT_FOUND,
    });
    expect(await refusal(replyToReview(deps, { reviewId: id, memberId: b.id, reply: "x".repeat(1001) }))).toEqual({
      code: "VALIDATION",
      message: REPLY_TOO_LONG,
    });
    await replyToReview(deps, { reviewId: id, memberId: b.id, reply: "  The bike had a flat, sorry.  " });
    expect(await refusal(replyToReview(deps, { reviewId: id, memberId: b.id, reply: "Again" }))).toEqual({
      code: "CONFLICT",
      message: ALREADY_REPLIED,
    });
    expect((await findMemberReviews(db, { memberId: b.id })).reviews[0].reply).toBe("The bike had a flat, sorry.");
  });
});

describe("reporting a review", () => {
  test("a report reaches the queue; staff remove the review, its figures and the audit row follow", async () => {
    const { a, b, swapId } = await completed();
    const { id: reviewId } = await leaveReview(deps, { swapId, reviewerId: a.id, rating: 1, comment: "Thief!" });
    const bystander = await createMember(db, { name: "Ngaio Reader" });
    // Hidden reviews cannot be reported (nobody can see them).
    expect(await refusal(reportReview(deps, { reporterId: b.id, reviewId, reason: "inappropriate" }))).toEqual({
      code: "NOT_FOUND",
      message: REVIEW_NOT_FOUND,
    });
    await leaveReview(deps, { swapId, reviewerId: b.id, rating: 5 });
    expect(await refusal(reportReview(deps, { reporterId: a.id, reviewId, reason: "spam" }))).toEqual({
      code: "FORBIDDEN",
      message: OWN_REVIEW,
    });
    const { id: reportId } = await reportReview(deps, {
      reporterId: b.id,
      reviewId,
      reason: "inappropriate",
      notes: "Not true",
    });
    await reportReview(deps, { reporterId: bystander.id, reviewId, reason: "fraud" });
    expect(await refusal(reportReview(deps, { reporterId: b.id, reviewId, reason: "spam" }))).toEqual({
      code: "CONFLICT",
      message: REVIEW_ALREADY_REPORTED,
    });
    const queue = await findModerationQueue(db, { status: "pending", subject: "review" });
    const card = queue.reports.find((r) => r.id === reportId);
    expect(card).toMatchObject({ subject: "review", listingTitle: "Tom O'Brien", otherOpenReports: 1 });
    expect((await db.select().from(profiles).where(eq(profiles.userId, b.id)))[0].ratingAverage).toBe(1);

    const moderator = await createMember(db, { name: "Mia Moderator" });
    const actor = staffActor(moderator, ["moderator"]);
    await settleReviewReport(db, { actor, reportId, decision: "remove", now: clock.now() });
    expect(await db.select().from(reviews).where(eq(reviews.id, reviewId))).toEqual([]);
    const [figures] = await db.select().from(profiles).where(eq(profiles.userId, b.id));
    expect([figures.reviewCount, figures.ratingAverage]).toEqual([0, null]);
    const reports = await db.select().from(moderationReports).where(eq(moderationReports.subject, "review"));
    expect(reports.filter((r) => r.status === "pending")).toEqual([]);
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, reportId), eq(adminAuditLog.adminId, moderator.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "remove_reported_review" });
    expect(audit[0].metadata).toMatchObject({ removed_review: { rating: 1, comment: "Thief!" } });

    // Both members who reported it are told, by notice and e-mail, with a link to the member page.
    await dispatchEvents({ db, appUrl: APP_URL });
    for (const reporter of [b, bystander]) {
      const [notice] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, reporter.id), eq(notifications.kind, "report.settled")));
      expect(describeNotice(notice.kind, notice.payload)).toEqual({
        text: "We've reviewed your report about a review of Tom O.: the review has been removed",
        href: `/members/${b.id}`,
      });
      const mail = await latestMail(db, reporter.email, "report_approved");
      expect(mail?.textBody).toContain("removed the review");
      expect(linkIn(mail)?.pathname).toBe(`/members/${b.id}`);
    }
  });

  test("dismissing a report keeps the review", async () => {
    const { a, b, swapId } = await completed();
    const { id: reviewId } = await leaveReview(deps, { swapId, reviewerId: a.id, rating: 4 });
    await leaveReview(deps, { swapId, reviewerId: b.id, rating: 4 });
    const { id: reportId } = await reportReview(deps, { reporterId: b.id, reviewId, reason: "other" });
    const moderator = await createMember(db, { name: "Mo Staff" });
    await settleReviewReport(db, {
      actor: staffActor(moderator, ["moderator"]),
      reportId,
      decision: "dismiss",
      now: clock.now(),
    });
    expect(await db.select().from(reviews).where(eq(reviews.id, reviewId))).toHaveLength(1);
    const [report] = await db.select().from(moderationReports).where(eq(moderationReports.id, reportId));
    expect(report.status).toBe("rejected");
    await dispatchEvents({ db, appUrl: APP_URL });
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, "report.settled")));
    expect(describeNotice(notice.kind, notice.payload)?.text).toMatch(
      /^We've reviewed your report about a review of .+: the review doesn't break our rules, so it stays$/,
    );
  });
});

describe("reliability and reply time", () => {
  test("completed ÷ settled accepted swaps, with lapses the member caused and no-shows reported against them", async () => {
    const member = await createMember(db, { name: "Rel Able" });
    const other = await createMember(db, { name: "Other Side" });
    const parties = { proposerId: member.id, receiverId: other.id };
    const done = await createSwap(db, { status: "completed", ...parties });
    await createSwap(db, { status: "completed", ...parties });
    // Lapsed while this member had not paid: counts against them. Lapsed while they had paid: not their lapse.
    await createSwap(db, { status: "expired", ...parties, acceptedAt: new Date(), rejectionReason: LAPSED });
    await createSwap(db, {
      status: "expired",
      ...parties,
      acceptedAt: new Date(),
      rejectionReason: LAPSED,
      proposerPaid: true,
    });
    // Still accepted: not counted until it ends. Never accepted: not counted.
    await createSwap(db, { status: "accepted", ...parties });
    await createSwap(db, { status: "rejected", ...parties });
    await db.insert(swapProblems).values([
      { swapProposalId: done.swapId, reportedBy: other.id, kind: "no_show", details: "Never came" },
      // Their own report against the other side does not count against them.
      { swapProposalId: done.swapId, reportedBy: member.id, kind: "no_show", details: "They never came" },
    ]);
    expect(await findReliability(db, member.id)).toEqual({
      accepted: 4,
      completed: 2,
      lapses: 1,
      noShows: 1,
      rate: 0.5,
    });
    // The other side had paid neither time: both lapses are theirs; the no-show reported by this member is against them.
    expect(await findReliability(db, other.id)).toMatchObject({ lapses: 2, noShows: 1 });
  });

  test("the median time to answer the other member, only with at least three replies", async () => {
    const { conversationId, askerId, ownerId } = await createConversation(db);
    const t0 = new Date("2026-11-01T00:00:00Z").getTime();
    const say = (senderId: string, hours: number) =>
      createMessage(db, { conversationId, senderId, at: new Date(t0 + hours * HOUR) });
    await say(askerId, 0);
    await say(ownerId, 1); // 1 h
    await say(ownerId, 2); // a second line in a row: not a reply
    await say(askerId, 10);
    await say(ownerId, 13); // 3 h
    expect(await findMedianReplyHours(db, ownerId)).toBeNull();
    await say(askerId, 20);
    await say(ownerId, 30); // 10 h
    expect(await findMedianReplyHours(db, ownerId)).toBeCloseTo(3);
  });
});

describe("the member page", () => {
  test("shows suburb and state only; a suspended, deleted or unknown member is not found", async () => {
    const member = await createMember(db, { name: "Sam Taylor", location: "Bondi NSW 2026" });
    await db
      .update(profiles)
      .set({ suburb: "Bondi", state: "NSW", postcode: "2026", latitude: -33.89, longitude: 151.27 })
      .where(eq(profiles.userId, member.id));
    await createListing(db, member.id, { title: "Kayak" });
    const page = await findMemberPage(db, { memberId: member.id });
    expect(page).toMatchObject({ name: "Sam T.", suburb: "Bondi", state: "NSW", emailConfirmed: true });
    // The member's own fields, and their name as they chose it on their listing cards too (each card shows its
    // listing's own public location, as everywhere).
    const text = JSON.stringify({ ...page, listings: page?.listings.map(({ location: _, ...card }) => card) });
    for (const secret of ['"2026"', "postcode", "-33.89", "151.27", member.email, "0412 345 678", "Taylor"])
      expect(text).not.toContain(secret);
    expect(page?.listings.map((l) => l.title)).toEqual(["Kayak"]);

    await db.update(profiles).set({ nameDisplay: "full" }).where(eq(profiles.userId, member.id));
    expect((await findMemberPage(db, { memberId: member.id }))?.name).toBe("Sam Taylor");

    const suspended = await createMember(db, { status: "suspended" });
    const deleted = await createMember(db, { deleted: true });
    for (const id of [suspended.id, deleted.id, "no-such-member", "'; drop table users; --"])
      expect(await findMemberPage(db, { memberId: id })).toBeNull();
  });
});
