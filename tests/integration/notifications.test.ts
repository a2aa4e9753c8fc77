// The notification centre (issue 26, decision 082): each kind of notice comes from its domain event, to the right
// member only, once per event and member however often or by however many processes the event is dispatched;
// a member reads, pages and marks their own notices and nobody else's.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { blockMember } from "#core/conversations/block-member.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import {
  CIRCLE_EVENT_KINDS,
  MESSAGE_EVENT_KINDS,
  SAVED_SEARCH_EVENT_KINDS,
  STAFF_EVENT_KINDS,
  SWAP_EVENT_KINDS,
} from "#core/events/event-kinds.ts";
import { recordEvent, recordStaffEvent } from "#core/events/record-event.ts";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { countUnreadNotifications } from "#core/notifications/count-unread-notifications.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { markAllNotificationsRead } from "#core/notifications/mark-all-notifications-read.ts";
import { markNotificationRead, NOTIFICATION_NOT_FOUND } from "#core/notifications/mark-notification-read.ts";
import { NOTIFICATION_KINDS } from "#core/notifications/notification-kinds.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { expireSwaps } from "#core/swaps/expire-swaps.ts";
import { leaveReview } from "#core/swaps/leave-review.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { rejectSwap } from "#core/swaps/reject-swap.ts";
import { withdrawSwap } from "#core/swaps/withdraw-swap.ts";
import { type DbHandle, openDatabase } from "#db/client.ts";
import { domainEvents } from "#db/schema/events.ts";
import { listings } from "#db/schema/listings.ts";
import { notifications } from "#db/schema/notifications.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember, createStaff, createSwap, staffActor } from "../support/factories";
import { ownerAndAsker } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const APP_URL = "https://swapshed.example";
const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

const clock = controlledClock(new Date());
const env = { APP_URL };
const deps = { db, clock, env };
const dispatch = () => dispatchEvents({ db, appUrl: APP_URL });

/** The notices a member has, as [kind, line] pairs, oldest first. */
async function noticesOf(userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows;
}
const kindsOf = async (userId: string) => (await noticesOf(userId)).map((n) => n.kind);

/** The templates of the mail the events about a subject queued. */
async function mailAbout(subjectId: string) {
  return db
    .select({ template: mailOutbox.template })
    .from(mailOutbox)
    .innerJoin(domainEvents, eq(domainEvents.id, mailOutbox.eventId))
    .where(eq(domainEvents.subjectId, subjectId));
}

const pair = () => ownerAndAsker(db);

async function proposal() {
  const p = await pair();
  const { id } = await proposeSwap(deps, {
    proposerId: p.asker.id,
    targetListingId: p.target,
    offeredListingId: p.offered,
  });
  return { ...p, swapId: id };
}

describe("each kind comes from its event, to the right member only", () => {
  test("proposal received: the receiver, with a line and a link to My Swaps", async () => {
    const { owner, asker } = await proposal();
    expect(await kindsOf(owner.id)).toEqual(["proposal.received"]);
    expect(await kindsOf(asker.id)).toEqual([]);
    const { page } = await findNotifications(db, { userId: owner.id });
    expect(page[0]).toMatchObject({
      text: "Arlo Asker offered their “Ryobi mower” for your “Stihl chainsaw”",
      href: "/my-swaps",
      read: false,
    });
  });

  test("proposal accepted, declined, withdrawn: the other party, linking to their tab", async () => {
    const accepted = await proposal();
    await acceptSwap(deps, { swapId: accepted.swapId, actorId: accepted.owner.id });
    expect(await kindsOf(accepted.asker.id)).toEqual(["proposal.accepted"]);
    expect((await findNotifications(db, { userId: accepted.asker.id })).page[0].href).toBe("/my-swaps?tab=sent");

    const declined = await proposal();
    await rejectSwap(deps, { swapId: declined.swapId, actorId: declined.owner.id });
    expect(await kindsOf(declined.asker.id)).toEqual(["proposal.declined"]);
    expect(await kindsOf(declined.owner.id)).toEqual(["proposal.received"]);

    const withdrawn = await proposal();
    await withdrawSwap(deps, { swapId: withdrawn.swapId, actorId: withdrawn.asker.id });
    expect(await kindsOf(withdrawn.owner.id)).toEqual(["proposal.received", "proposal.withdrawn"]);
    expect(await kindsOf(withdrawn.asker.id)).toEqual([]);
    // Withdrawing mails nobody, as before: its event is for the bell only.
    expect((await mailAbout(withdrawn.swapId)).map((m) => m.template)).toEqual(["proposal_received"]);
  });

  test("proposal expired: both parties, recorded with the expiry; no mail", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, {
      status: "pending",
      expiresAt: new Date(clock.now().getTime() - HOUR),
    });
    expect(await expireSwaps({ db, clock })).toContain(swapId);
    await dispatch();
    expect(await kindsOf(proposerId)).toEqual(["proposal.expired"]);
    expect(await kindsOf(receiverId)).toEqual(["proposal.expired"]);
    const [line] = (await findNotifications(db, { userId: proposerId })).page;
    expect(line.text).toBe("Your offer for “Ryobi mower” expired without an answer");
    expect(await mailAbout(swapId)).toEqual([]);
  });

  test("partner paid: the first payment tells the other party; the second tells the first payer", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    await db.update(swapProposals).set({ proposerPaid: true }).where(eq(swapProposals.id, swapId));
    await recordEvent(db, { kind: "swap.paid", subjectId: swapId, payload: { userId: proposerId } });
    await dispatch();
    expect(await kindsOf(receiverId)).toEqual(["partner.paid"]);
    expect(await kindsOf(proposerId)).toEqual([]);

    await db
      .update(swapProposals)
      .set({ receiverPaid: true, status: "arranging", handshakeAt: clock.now() })
      .where(eq(swapProposals.id, swapId));
    await recordEvent(db, { kind: "swap.handshake", subjectId: swapId, payload: { userId: receiverId } });
    await dispatch();
    expect(await kindsOf(proposerId)).toEqual(["partner.paid"]);
    expect((await findNotifications(db, { userId: proposerId })).page[0].text).toContain("paid too");
  });

  test("payment deadline near: whoever has not paid; swap lapsed: both", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted", proposerPaid: true });
    await recordEvent(db, { kind: "swap.payment_due_soon", subjectId: swapId });
    await dispatch();
    expect(await kindsOf(receiverId)).toEqual(["payment.due_soon"]);
    expect(await kindsOf(proposerId)).toEqual([]);

    // As lapseUnpaidSwaps leaves it: expired after acceptance.
    await db.update(swapProposals).set({ status: "expired" }).where(eq(swapProposals.id, swapId));
    await recordEvent(db, { kind: "swap.lapsed", subjectId: swapId });
    await dispatch();
    expect(await kindsOf(receiverId)).toEqual(["payment.due_soon", "swap.lapsed"]);
    expect(await kindsOf(proposerId)).toEqual(["swap.lapsed"]);
  });

  test("review received: the member reviewed, recorded with the review; no mail", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "completed" });
    await leaveReview(deps, { swapId, reviewerId: proposerId, rating: 5, comment: "Great swap" });
    expect(await kindsOf(receiverId)).toEqual(["review.received"]);
    expect(await kindsOf(proposerId)).toEqual([]);
    // Double-blind (decision 094): the first review's notice says only that one is waiting, never its stars.
    const first = (await findNotifications(db, { userId: receiverId })).page[0].text;
    expect(first).toBe("Priya Sharma has reviewed you. Review them to see it.");
    // The second review shows both: its notice carries the stars.
    await leaveReview(deps, { swapId, reviewerId: receiverId, rating: 4 });
    expect((await findNotifications(db, { userId: proposerId })).page[0].text).toContain("4-star review");
    expect(await mailAbout(swapId)).toEqual([]);
  });

  test("message received: the recipient, linking to the thread; none from a blocked member", async () => {
    const { owner, asker, target } = await pair();
    const { id: conversationId } = await askAboutListing({ db, clock }, { listingId: target, askerId: asker.id });
    const mask = (text: string) => ({ text, masked: [] });
    await sendMessage({ ...deps, mask }, { conversationId, senderId: asker.id, body: "Is it still available?" });
    expect(await kindsOf(owner.id)).toEqual(["message.received"]);
    expect(await kindsOf(asker.id)).toEqual([]);
    expect((await findNotifications(db, { userId: owner.id })).page[0]).toMatchObject({
      text: "Arlo Asker sent you a message about “Stihl chainsaw”",
      href: `/messages/${conversationId}`,
    });

    // A message dispatched after the owner blocked its sender (sent just before the block) tells nobody.
    const [message] = await db
      .select({ id: domainEvents.subjectId })
      .from(domainEvents)
      .where(eq(domainEvents.kind, "message.sent"));
    await blockMember({ db, clock }, { blockerId: owner.id, blockedId: asker.id });
    await recordEvent(db, {
      kind: "message.sent",
      subjectId: message.id,
      payload: { conversationId, senderId: asker.id, recipientId: owner.id },
    });
    await dispatch();
    expect(await kindsOf(owner.id)).toEqual(["message.received"]);
  });

  test("listing approved, rejected, taken down: the owner; mail as before", async () => {
    const actor = staffActor(await createStaff(db, ["moderator"]), ["moderator"], "127.0.0.1");
    const owner = await createMember(db, { name: "Olive Owner" });
    const listing = await createListing(db, owner.id, { title: "Stihl chainsaw" });
    const moderate = (moderation: "approve" | "takedown" | "reject", id = listing) =>
      moderateListings(
        { db },
        { actor, ids: [id], moderation, reason: "Trademark complaint", now: clock.now(), appUrl: APP_URL },
      );
    await moderate("takedown");
    await moderate("approve");
    const rejected = await createListing(db, owner.id, { title: "Old ladder" });
    await moderate("reject", rejected);
    expect(await kindsOf(owner.id)).toEqual(["listing.taken_down", "listing.approved", "listing.rejected"]);
    const lines = (await findNotifications(db, { userId: owner.id })).page;
    expect(lines.map((l) => l.href)).toEqual(["/my-listings", `/listings/${listing}`, "/my-listings"]);
    expect(lines[2].text).toBe("Your listing “Stihl chainsaw” was taken down: Trademark complaint");

    // A listing held for review (hidden after reports) approved from the Listings page: a notice, and no mail.
    const held = await createListing(db, owner.id, { title: "Held bike" });
    await db.update(listings).set({ moderationStatus: "pending" }).where(eq(listings.id, held));
    await moderate("approve", held);
    expect((await noticesOf(owner.id)).at(-1)).toMatchObject({ kind: "listing.approved" });
    expect(await mailAbout(held)).toEqual([]);
    expect((await mailAbout(listing)).map((m) => m.template).sort()).toEqual([
      "listing_reinstated",
      "listing_takedown",
    ]);
  });

  test("report settled: the reporter", async () => {
    const reporter = await createMember(db, { name: "Rita Reporter" });
    const owner = await createMember(db, { name: "Olive Owner" });
    await recordStaffEvent(db, {
      kind: "report.reviewed",
      subjectId: crypto.randomUUID(),
      payload: { reporterId: reporter.id, title: "Fake watch", outcome: "approved" },
    });
    await dispatch();
    expect(await kindsOf(reporter.id)).toEqual(["report.settled"]);
    expect(await kindsOf(owner.id)).toEqual([]);
    expect((await findNotifications(db, { userId: reporter.id })).page[0]).toMatchObject({
      text: "We've reviewed your report about “Fake watch”: the listing has been removed",
      href: "/",
    });
  });

  test("every kind in the table is produced by a known event kind", () => {
    const known: string[] = [
      ...SWAP_EVENT_KINDS,
      ...STAFF_EVENT_KINDS,
      ...MESSAGE_EVENT_KINDS,
      ...SAVED_SEARCH_EVENT_KINDS,
      ...CIRCLE_EVENT_KINDS,
    ];
    for (const [name, row] of Object.entries(NOTIFICATION_KINDS)) {
      expect(row.on.length, name).toBeGreaterThan(0);
      for (const on of row.on) expect(known, name).toContain(on);
    }
  });
});

describe("once per event and member", () => {
  test("an event dispatched again (its mark lost) adds no second notice", async () => {
    const { owner, swapId } = await proposal();
    await db.update(domainEvents).set({ dispatchedAt: null }).where(eq(domainEvents.subjectId, swapId));
    await dispatch();
    expect(await kindsOf(owner.id)).toEqual(["proposal.received"]);
  });

  test("pending events raced by dispatchers over two connection pools are told once each", async () => {
    const { owner, asker, target, offered } = await pair();
    // Without env the proposal's event waits for the background dispatcher, as after a crash.
    await proposeSwap({ db, clock }, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    let second: DbHandle | undefined;
    if (handle.kind === "postgres") second = await openDatabase({ url: handle.url! });
    const other = second?.db ?? db;
    try {
      await Promise.all([
        dispatchEvents({ db, appUrl: APP_URL }),
        dispatchEvents({ db: other, appUrl: APP_URL }),
        dispatchEvents({ db, appUrl: APP_URL }),
        dispatchEvents({ db: other, appUrl: APP_URL }),
      ]);
    } finally {
      await second?.close();
    }
    expect(await kindsOf(owner.id)).toEqual(["proposal.received"]);
  });
});

describe("reading and marking", () => {
  async function memberWithNotices(count: number) {
    const member = await createMember(db, { name: "Nina Notices" });
    const base = clock.now().getTime();
    for (let i = 0; i < count; i++)
      await db.insert(notifications).values({
        userId: member.id,
        kind: "listing.approved",
        payload: { listingId: crypto.randomUUID(), title: `Listing ${i}` },
        createdAt: new Date(base - (count - i) * 60_000),
      });
    return member;
  }

  test("newest first, a page at a time, every notice once", async () => {
    const member = await memberWithNotices(7);
    const first = await findNotifications(db, { userId: member.id, limit: 3 });
    expect(first.page.map((n) => n.text)).toEqual(
      [6, 5, 4].map((i) => `Your listing “Listing ${i}” was approved and is live`),
    );
    const second = await findNotifications(db, { userId: member.id, limit: 3, cursor: first.nextCursor });
    const third = await findNotifications(db, { userId: member.id, limit: 3, cursor: second.nextCursor });
    expect(third.nextCursor).toBeNull();
    const all = [...first.page, ...second.page, ...third.page].map((n) => n.id);
    expect(new Set(all).size).toBe(7);
  });

  test("the count is of unread notices; one marked read and then all", async () => {
    const member = await memberWithNotices(3);
    expect(await countUnreadNotifications(db, member.id)).toBe(3);
    const { page } = await findNotifications(db, { userId: member.id });
    const opened = await markNotificationRead({ db, clock }, { userId: member.id, notificationId: page[0].id });
    expect(opened.href).toMatch(/^\/listings\//);
    expect(await countUnreadNotifications(db, member.id)).toBe(2);
    // Again is fine, and keeps the first time it was read.
    const [before] = await db.select().from(notifications).where(eq(notifications.id, page[0].id));
    clock.advance(HOUR);
    await markNotificationRead({ db, clock }, { userId: member.id, notificationId: page[0].id });
    const [after] = await db.select().from(notifications).where(eq(notifications.id, page[0].id));
    expect(after.readAt).toEqual(before.readAt);

    expect(await markAllNotificationsRead({ db, clock }, { userId: member.id })).toEqual({ marked: 2 });
    expect(await countUnreadNotifications(db, member.id)).toBe(0);
    expect((await findNotifications(db, { userId: member.id })).page.every((n) => n.read)).toBe(true);
  });

  test("another member's notice is not found, exactly like a missing one, and stays unread", async () => {
    const owner = await memberWithNotices(1);
    const stranger = await memberWithNotices(1);
    const [theirs] = (await findNotifications(db, { userId: owner.id })).page;
    for (const notificationId of [theirs.id, crypto.randomUUID(), "not-a-uuid"])
      await expect(markNotificationRead({ db, clock }, { userId: stranger.id, notificationId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: NOTIFICATION_NOT_FOUND,
      });
    await markAllNotificationsRead({ db, clock }, { userId: stranger.id });
    expect(await countUnreadNotifications(db, owner.id)).toBe(1);
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, theirs.id), eq(notifications.userId, owner.id)));
    expect(row.readAt).toBeNull();
  });
});
