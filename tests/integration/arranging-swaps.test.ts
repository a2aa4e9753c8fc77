// A real end to every swap (issue 28, decision 096): paid is "arranging", not completed; a time and place is proposed
// and agreed (with its calendar file and a reminder two hours before); each side confirms "We've swapped", or the
// quiet week after the handshake completes it when no problem is open.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { agreeMeeting, MEETING_NOT_OPEN } from "#core/swaps/agree-meeting.ts";
import { NOT_ARRANGING } from "#core/swaps/arranging-guards.ts";
import { settlePartyFee } from "#core/swaps/complete-swap-if-paid.ts";
import { completeQuietSwaps } from "#core/swaps/complete-quiet-swaps.ts";
import { confirmSwapped } from "#core/swaps/confirm-swapped.ts";
import { findArrangement } from "#core/swaps/find-arrangement.ts";
import { findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { leaveReview, REVIEW_NOT_YET } from "#core/swaps/leave-review.ts";
import { findMeetingCalendar } from "#core/swaps/meeting-calendar.ts";
import { MEET_AT_PAST, PLACE_TOO_LONG, proposeMeeting } from "#core/swaps/propose-meeting.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { remindMeetings } from "#core/swaps/remind-meetings.ts";
import { SWAP_NOT_FOUND } from "#core/swaps/swap-guards.ts";
import { conversationMessages } from "#db/schema/conversations.ts";
import { domainEvents } from "#db/schema/events.ts";
import { listings } from "#db/schema/listings.ts";
import { swapMeetings, swapProblems, swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember, createSwap } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { databaseForThisFile } from "../support/database-for-file";

const { db } = await databaseForThisFile();

// 10:00 on Friday 20 November 2026 in Sydney (AEDT, UTC+11).
const START = "2026-11-19T23:00:00.000Z";
const clock = controlledClock(START);
const deps = { db, clock };
const DAY = 24 * HOUR;
beforeEach(() => clock.set(START));

const dispatch = () => dispatchEvents({ db, appUrl: "https://swapshed.example" });

async function swapRow(id: string) {
  const [row] = await db.select().from(swapProposals).where(eq(swapProposals.id, id));
  return row;
}

async function eventsOf(swapId: string, kind: string) {
  return db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.subjectId, swapId), eq(domainEvents.kind, kind)));
}

async function noticeTexts(userId: string) {
  return (await findNotifications(db, { userId })).page.map((n) => n.text);
}

/** Two members who proposed, accepted and both paid, as the payment webhooks settle it. */
async function paidSwap() {
  const proposer = await createMember(db, { name: "Priya Sharma", phone: "0400 111 222" });
  const receiver = await createMember(db, { name: "Liam O'Connor", phone: "0400 333 444" });
  const offeredId = await createListing(db, proposer.id, { title: "Road bike", valueMin: 900, valueMax: 1100 });
  const targetId = await createListing(db, receiver.id, { title: "Surfboard", valueMin: 300, valueMax: 500 });
  const { id: swapId } = await proposeSwap(deps, {
    proposerId: proposer.id,
    targetListingId: targetId,
    offeredListingId: offeredId,
  });
  await acceptSwap(deps, { swapId, actorId: receiver.id });
  await db.transaction((tx) => settlePartyFee(tx, { swapId, userId: proposer.id, now: clock.now() }));
  await db.transaction((tx) => settlePartyFee(tx, { swapId, userId: receiver.id, now: clock.now() }));
  return { proposer, receiver, offeredId, targetId, swapId };
}

describe("the handshake", () => {
  test("both fees paid: the swap is arranging, not completed; contact details unlock; both listings leave the market", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await paidSwap();
    expect(await swapRow(swapId)).toMatchObject({
      status: "arranging",
      handshakeAt: clock.now(),
      completedAt: null,
      completedHow: null,
    });
    const statuses = await db.select({ id: listings.id, status: listings.status }).from(listings);
    expect(statuses.filter((l) => l.id === offeredId || l.id === targetId).map((l) => l.status)).toEqual([
      "swapped",
      "swapped",
    ]);
    const card = await findSwapForParty(db, { swapId, userId: proposer.id });
    expect(card?.contact).toMatchObject({ name: receiver.name, email: receiver.email, phone: receiver.phone });
    expect(await eventsOf(swapId, "swap.handshake")).toHaveLength(1);
    expect(await eventsOf(swapId, "swap.completed")).toHaveLength(0);
    // Reviews wait for completion.
    expect(await refusal(leaveReview(deps, { swapId, reviewerId: proposer.id, rating: 5 }))).toEqual({
      code: "CONFLICT",
      message: REVIEW_NOT_YET,
    });
  });
});

describe("a time and place", () => {
  test("proposed by one, agreed by the other; each step is a thread line and a notice to the other side", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    await dispatch();
    const meeting = await proposeMeeting(deps, {
      swapId,
      actorId: proposer.id,
      form: { meetAt: "2026-11-21T14:30", place: "Bunnings car park, Alexandria" },
    });
    // 14:30 Sydney summer time is 03:30 UTC.
    expect(meeting.meetAt.toISOString()).toBe("2026-11-21T03:30:00.000Z");
    expect(meeting.status).toBe("proposed");

    // The proposer cannot agree to their own proposal.
    expect(await refusal(agreeMeeting(deps, { swapId, meetingId: meeting.id, actorId: proposer.id }))).toEqual({
      code: "CONFLICT",
      message: MEETING_NOT_OPEN,
    });
    await agreeMeeting(deps, { swapId, meetingId: meeting.id, actorId: receiver.id });
    const [row] = await db.select().from(swapMeetings).where(eq(swapMeetings.id, meeting.id));
    expect(row).toMatchObject({ status: "agreed", respondedAt: clock.now() });

    await dispatch();
    expect((await noticeTexts(receiver.id))[0]).toMatch(/^Priya Sharma proposed meeting .* at Bunnings car park/);
    expect((await noticeTexts(proposer.id))[0]).toMatch(/^Liam O'Connor agreed to meet .* at Bunnings car park/);

    const lines = await db
      .select({ eventKind: conversationMessages.eventKind })
      .from(conversationMessages)
      .where(eq(conversationMessages.kind, "event"));
    const steps = lines.map((l) => l.eventKind);
    expect(steps).toEqual(expect.arrayContaining(["meeting_proposed", "meeting_agreed"]));
    const view = await findArrangement(db, { swapId, userId: proposer.id });
    expect(view?.meeting).toMatchObject({ status: "agreed", place: "Bunnings car park, Alexandria", mine: true });
    // The deal screen's fair-value meter, from each side (issue 29): what each member gives, what they get.
    expect(view?.values).toEqual({ mine: { min: 900, max: 1100 }, theirs: { min: 300, max: 500 } });
    expect((await findArrangement(db, { swapId, userId: receiver.id }))?.values).toEqual({
      mine: { min: 300, max: 500 },
      theirs: { min: 900, max: 1100 },
    });
  });

  test("suggesting another replaces the live one (one at a time); the old one is kept as declined", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    const first = await proposeMeeting(deps, {
      swapId,
      actorId: proposer.id,
      form: { meetAt: "2026-11-21T09:00", place: "Central station" },
    });
    const second = await proposeMeeting(deps, {
      swapId,
      actorId: receiver.id,
      form: { meetAt: "2026-11-22T11:00", place: "Newtown library" },
    });
    const rows = await db.select().from(swapMeetings).where(eq(swapMeetings.swapProposalId, swapId));
    expect(rows.find((r) => r.id === first.id)?.status).toBe("declined");
    expect(rows.find((r) => r.id === second.id)?.status).toBe("proposed");
    // An answer to the old page cannot agree to what replaced it.
    expect(await refusal(agreeMeeting(deps, { swapId, meetingId: first.id, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: MEETING_NOT_OPEN,
    });
    // Proposing again over one's own replaces it.
    await proposeMeeting(deps, {
      swapId,
      actorId: receiver.id,
      form: { meetAt: "2026-11-22T12:00", place: "Newtown library" },
    });
    const after = await db.select().from(swapMeetings).where(eq(swapMeetings.swapProposalId, swapId));
    expect(after.filter((r) => r.status === "proposed")).toHaveLength(1);
    expect(after.find((r) => r.id === second.id)?.status).toBe("replaced");
  });

  test("bad input changes nothing; a stranger and a swap not yet paid are refused", async () => {
    const { proposer, swapId } = await paidSwap();
    expect(
      await refusal(
        proposeMeeting(deps, { swapId, actorId: proposer.id, form: { meetAt: "2026-11-19T09:00", place: "Here" } }),
      ),
    ).toEqual({ code: "VALIDATION", message: MEET_AT_PAST });
    expect(
      await refusal(
        proposeMeeting(deps, {
          swapId,
          actorId: proposer.id,
          form: { meetAt: "2026-11-21T09:00", place: "x".repeat(201) },
        }),
      ),
    ).toEqual({ code: "VALIDATION", message: PLACE_TOO_LONG });
    const stranger = await createMember(db);
    expect(
      await refusal(
        proposeMeeting(deps, { swapId, actorId: stranger.id, form: { meetAt: "2026-11-21T09:00", place: "Here" } }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: SWAP_NOT_FOUND });
    const accepted = await createSwap(db, { status: "accepted" });
    expect(
      await refusal(
        proposeMeeting(deps, {
          swapId: accepted.swapId,
          actorId: accepted.proposerId,
          form: { meetAt: "2026-11-21T09:00", place: "Here" },
        }),
      ),
    ).toEqual({ code: "CONFLICT", message: NOT_ARRANGING });
    expect(await db.select().from(swapMeetings).where(eq(swapMeetings.swapProposalId, swapId))).toEqual([]);
  });
});

describe("the calendar file", () => {
  test("once agreed, each party gets an .ics in UTC with the place escaped; a third member and a mere proposal get nothing", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    const meeting = await proposeMeeting(deps, {
      swapId,
      actorId: proposer.id,
      form: { meetAt: "2026-11-21T14:30", place: "Shop 3, Bunnings; car park \\ gate" },
    });
    const calendarFor = (userId: string) =>
      findMeetingCalendar(db, { swapId, userId, now: clock.now(), appUrl: "https://swapshed.example" });
    expect(await calendarFor(proposer.id)).toBeNull();

    await agreeMeeting(deps, { swapId, meetingId: meeting.id, actorId: receiver.id });
    const ics = await calendarFor(receiver.id);
    expect(ics).not.toBeNull();
    const lines = (ics ?? "").split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("DTSTART:20261121T033000Z");
    expect(lines).toContain("DTEND:20261121T043000Z");
    expect(lines).toContain(`UID:${meeting.id}@swapshed`);
    expect(lines).toContain("SUMMARY:SwapShed: swap with Priya Sharma");
    expect(lines).toContain("LOCATION:Shop 3\\, Bunnings\\; car park \\\\ gate");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(await calendarFor(proposer.id)).toContain("SUMMARY:SwapShed: swap with Liam O'Connor");

    const stranger = await createMember(db);
    expect(await calendarFor(stranger.id)).toBeNull();
  });
});

describe("the reminder two hours before", () => {
  test("sent once to both members, however often (or concurrently) the job runs", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    // 15:00 Sydney on the day: 04:00 UTC, five hours after the start.
    const meeting = await proposeMeeting(deps, {
      swapId,
      actorId: proposer.id,
      form: { meetAt: "2026-11-20T15:00", place: "Central station" },
    });
    await agreeMeeting(deps, { swapId, meetingId: meeting.id, actorId: receiver.id });
    expect(await remindMeetings(deps)).toEqual([]);

    clock.advance(3 * HOUR + 30 * 60 * 1000); // 1 h 30 before
    const runs = await Promise.all([remindMeetings(deps), remindMeetings(deps), remindMeetings(deps)]);
    expect(runs.flat()).toEqual([meeting.id]);
    expect(await remindMeetings(deps)).toEqual([]);
    expect(await eventsOf(swapId, "swap.meeting_soon")).toHaveLength(1);
    const [row] = await db.select().from(swapMeetings).where(eq(swapMeetings.id, meeting.id));
    expect(row.remindedAt).toEqual(clock.now());

    await dispatch();
    for (const member of [proposer, receiver])
      expect((await noticeTexts(member.id))[0]).toMatch(/^Reminder: you meet .* at Central station/);
  });
});

describe("We've swapped", () => {
  test("one confirmation tells the other; the second completes the swap (confirmed) and reviews open", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    await dispatch();
    expect(await confirmSwapped(deps, { swapId, actorId: proposer.id })).toEqual({ completed: false });
    // Pressing it again changes nothing.
    expect(await confirmSwapped(deps, { swapId, actorId: proposer.id })).toEqual({ completed: false });
    expect(await swapRow(swapId)).toMatchObject({ status: "arranging", proposerSwappedAt: clock.now() });
    await dispatch();
    expect((await noticeTexts(receiver.id))[0]).toMatch(/^Priya Sharma says you've swapped/);

    clock.advance(HOUR);
    expect(await confirmSwapped(deps, { swapId, actorId: receiver.id })).toEqual({ completed: true });
    expect(await swapRow(swapId)).toMatchObject({
      status: "completed",
      completedHow: "confirmed",
      completedAt: clock.now(),
      receiverSwappedAt: clock.now(),
    });
    await dispatch();
    for (const member of [proposer, receiver])
      expect((await noticeTexts(member.id))[0]).toMatch(/is complete\. You can now leave a review\.$/);
    await leaveReview(deps, { swapId, reviewerId: proposer.id, rating: 5 });
    // Completed: nothing more to confirm.
    expect(await refusal(confirmSwapped(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_ARRANGING,
    });
  });

  test("both pressing it at the same moment complete the swap exactly once", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    const results = await Promise.all([
      confirmSwapped(deps, { swapId, actorId: proposer.id }),
      confirmSwapped(deps, { swapId, actorId: receiver.id }),
    ]);
    expect(results.filter((r) => r.completed)).toHaveLength(1);
    expect((await swapRow(swapId)).status).toBe("completed");
    expect(await eventsOf(swapId, "swap.completed")).toHaveLength(1);
  });

  test("a stranger cannot confirm someone else's swap", async () => {
    const { swapId } = await paidSwap();
    const stranger = await createMember(db);
    expect(await refusal(confirmSwapped(deps, { swapId, actorId: stranger.id }))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });
  });
});

describe("the quiet week", () => {
  test("7 days after the handshake an arranging swap completes (timed out), unless a problem is open on it", async () => {
    const quiet = await paidSwap();
    const reported = await paidSwap();
    const resolved = await paidSwap();
    await db.insert(swapProblems).values([
      { swapProposalId: reported.swapId, reportedBy: reported.proposer.id, kind: "no_show", details: "Never came" },
      {
        swapProposalId: resolved.swapId,
        reportedBy: resolved.receiver.id,
        kind: "other",
        details: "Late",
        status: "resolved",
        resolvedAt: clock.now(),
      },
    ]);
    clock.advance(7 * DAY - 60_000);
    // (Other tests' swaps share this database: only these three are looked at.)
    const ours = (ids: string[]) => ids.filter((id) => [quiet, reported, resolved].some((s) => s.swapId === id));
    expect(ours(await completeQuietSwaps(deps))).toEqual([]);

    clock.advance(60_000);
    const completed = ours(await completeQuietSwaps(deps));
    expect(completed.sort()).toEqual([quiet.swapId, resolved.swapId].sort());
    expect(await swapRow(quiet.swapId)).toMatchObject({
      status: "completed",
      completedHow: "timed_out",
      completedAt: clock.now(),
    });
    expect((await swapRow(reported.swapId)).status).toBe("arranging");
    // Run again: nothing more, and the completion was recorded once.
    expect(ours(await completeQuietSwaps(deps))).toEqual([]);
    expect(await eventsOf(quiet.swapId, "swap.completed")).toHaveLength(1);
  });

  test("the job and a member's confirmation at the same moment complete the swap once", async () => {
    const { proposer, receiver, swapId } = await paidSwap();
    await confirmSwapped(deps, { swapId, actorId: proposer.id });
    clock.advance(7 * DAY);
    const [job, member] = await Promise.all([
      completeQuietSwaps(deps),
      confirmSwapped(deps, { swapId, actorId: receiver.id }).catch((error: unknown) => error),
    ]);
    const row = await swapRow(swapId);
    expect(row.status).toBe("completed");
    expect(await eventsOf(swapId, "swap.completed")).toHaveLength(1);
    // Whichever came first decided how; the other changed nothing.
    if (row.completedHow === "confirmed") expect(job).not.toContain(swapId);
    else expect(member).toMatchObject({ message: NOT_ARRANGING });
  });
});
