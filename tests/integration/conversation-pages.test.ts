// What the conversation pages need from core (issue 26): the deal's steps written in the pair's thread by the swap
// use cases themselves (proposal, acceptance, each fee, each review), My Swaps' link to that thread, the unread total
// the header shows, and the other member's picture in the inbox and thread.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { countUnreadMessages } from "#core/conversations/count-unread-messages.ts";
import { findInbox } from "#core/conversations/find-inbox.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { markThreadRead } from "#core/conversations/mark-thread-read.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { settlePartyFee } from "#core/swaps/complete-swap-if-paid.ts";
import { confirmSwapped } from "#core/swaps/confirm-swapped.ts";
import { findMySwaps } from "#core/swaps/find-my-swaps.ts";
import { leaveReview } from "#core/swaps/leave-review.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { profiles } from "#db/schema/profiles.ts";
import { databaseForThisFile } from "../support/database-for-file";
import { createListing, createMember, createSwap } from "../support/factories";
import { controlledClock, HOUR } from "../support/test-clock";

const { db } = await databaseForThisFile();
const clock = controlledClock(new Date());
const deps = { db, clock, mask: maskContactDetails };
const LONG_AGO = new Date(Date.now() - 90 * 24 * HOUR);

async function pair() {
  const owner = await createMember(db, { name: "Olive Owner", joinedAt: LONG_AGO });
  const asker = await createMember(db, { name: "Arlo Asker", joinedAt: LONG_AGO });
  const target = await createListing(db, owner.id, { title: "Stihl chainsaw" });
  const offered = await createListing(db, asker.id, { title: "Makita drill kit" });
  return { owner, asker, target, offered };
}

const linesIn = (conversationId: string) =>
  db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(conversationMessages.seq);

const threadOf = async (listingId: string) =>
  db.select().from(conversations).where(eq(conversations.listingId, listingId));

describe("the deal's steps in the thread", () => {
  test("a proposal continues the thread the two already had, and becomes its deal", async () => {
    const { owner, asker, target, offered } = await pair();
    const { id } = await askAboutListing(deps, { listingId: target, askerId: asker.id });
    await sendMessage(deps, { conversationId: id, senderId: asker.id, body: "Is it still available?" });
    clock.advance(60_000);
    const swap = await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });

    const threads = await threadOf(target);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ id, swapId: swap.id, askerId: asker.id, ownerId: owner.id });
    const lines = await linesIn(id);
    expect(lines.map((l) => [l.kind, l.eventKind, l.senderId])).toEqual([
      ["text", null, asker.id],
      ["event", "proposal", asker.id],
    ]);
    expect(lines[1].eventPayload).toEqual({ swapId: swap.id });
  });

  test("a proposal without a conversation opens the thread; acceptance, each fee, each arranging step and each review follow in it", async () => {
    const { owner, asker, target, offered } = await pair();
    const swap = await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    const [thread] = await threadOf(target);
    expect(thread).toMatchObject({ swapId: swap.id, askerId: asker.id, ownerId: owner.id });
    expect(thread.lastMessageAt).not.toBeNull();

    await acceptSwap(deps, { swapId: swap.id, actorId: owner.id });
    await db.transaction((tx) => settlePartyFee(tx, { swapId: swap.id, userId: asker.id, now: clock.now() }));
    await db.transaction((tx) => settlePartyFee(tx, { swapId: swap.id, userId: owner.id, now: clock.now() }));
    await confirmSwapped(deps, { swapId: swap.id, actorId: asker.id });
    await confirmSwapped(deps, { swapId: swap.id, actorId: owner.id });
    await leaveReview(deps, { swapId: swap.id, reviewerId: owner.id, rating: 5, comment: "Smooth swap" });

    const lines = await linesIn(thread.id);
    expect(lines.map((l) => [l.eventKind, l.senderId, l.eventPayload])).toEqual([
      ["proposal", asker.id, { swapId: swap.id }],
      ["accepted", owner.id, { swapId: swap.id }],
      ["paid", asker.id, { swapId: swap.id, completed: false }],
      ["paid", owner.id, { swapId: swap.id, completed: true }],
      // The arranging steps (decision 096), each a line of its own kind (migration 0024).
      ["swapped", asker.id, { swapId: swap.id }],
      ["swapped", owner.id, { swapId: swap.id }],
      ["completed", null, { swapId: swap.id, how: "confirmed" }],
      // Double-blind (decision 094): the line says a review was left, never its stars.
      ["review", owner.id, { swapId: swap.id }],
    ]);
    // Both paid: nothing in the thread is masked any more.
    const page = await findThread(deps, { conversationId: thread.id, viewerId: owner.id });
    expect(page.thread.unlocked).toBe(true);
  });

  test("a refused step writes no line (the line is in the step's transaction)", async () => {
    const { owner, asker, target, offered } = await pair();
    const swap = await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    const [thread] = await threadOf(target);
    // Only the receiver accepts; a review waits for completion.
    await expect(acceptSwap(deps, { swapId: swap.id, actorId: asker.id })).rejects.toMatchObject({ status: 403 });
    await expect(leaveReview(deps, { swapId: swap.id, reviewerId: asker.id, rating: 4 })).rejects.toMatchObject({
      status: 409,
    });
    expect((await linesIn(thread.id)).map((l) => l.eventKind)).toEqual(["proposal"]);
  });

  test("My Swaps links each swap to its thread, for both parties", async () => {
    const { owner, asker, target, offered } = await pair();
    const swap = await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    const [thread] = await threadOf(target);
    const sent = await findMySwaps(db, { userId: asker.id });
    const received = await findMySwaps(db, { userId: owner.id });
    expect(sent.sent.find((s) => s.id === swap.id)?.threadId).toBe(thread.id);
    expect(received.received.find((s) => s.id === swap.id)?.threadId).toBe(thread.id);
    // A swap made before threads existed has none, and the card shows no link.
    const { swapId: older } = await createSwap(db, { status: "pending", proposerId: asker.id, receiverId: owner.id });
    const again = await findMySwaps(db, { userId: asker.id });
    expect(again.sent.find((s) => s.id === older)?.threadId).toBeNull();
  });
});

describe("the unread total beside Messages", () => {
  test("counts the other member's lines and the deal's steps after the member's read pointer, across threads", async () => {
    const { owner, asker, target, offered } = await pair();
    const second = await createListing(db, owner.id, { title: "Weber kettle barbecue" });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(0);

    const { id: first } = await askAboutListing(deps, { listingId: target, askerId: asker.id });
    const { id: other } = await askAboutListing(deps, { listingId: second, askerId: asker.id });
    await sendMessage(deps, { conversationId: first, senderId: asker.id, body: "Is it still available?" });
    await sendMessage(deps, { conversationId: other, senderId: asker.id, body: "And the barbecue?" });
    await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(3);
    // The sender's own lines are never unread for them.
    expect(await countUnreadMessages(db, { userId: asker.id })).toBe(0);

    await markThreadRead(deps, { conversationId: first, userId: owner.id });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(1);
    // Answering reads the thread too.
    await sendMessage(deps, { conversationId: other, senderId: owner.id, body: "Yes, both are." });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(0);
    expect(await countUnreadMessages(db, { userId: asker.id })).toBe(1);
  });
});

describe("the other member's picture", () => {
  test("is shown in the inbox and the thread, and goes with their name when they delete their account", async () => {
    const { owner, asker, target } = await pair();
    await db.update(profiles).set({ avatarUrl: "/uploads/avatars/olive.webp" }).where(eq(profiles.userId, owner.id));
    const { id } = await askAboutListing(deps, { listingId: target, askerId: asker.id });
    await sendMessage(deps, { conversationId: id, senderId: asker.id, body: "Hello" });

    const inbox = await findInbox(deps, { userId: asker.id });
    expect(inbox.threads[0].other).toEqual({
      id: owner.id,
      name: "Olive Owner",
      avatarUrl: "/uploads/avatars/olive.webp",
    });
    const now = new Date();
    await db
      .update(profiles)
      .set({ deletedAt: now, permanentDeletionAt: new Date(now.getTime() + 30 * 24 * HOUR) })
      .where(eq(profiles.userId, owner.id));
    const page = await findThread(deps, { conversationId: id, viewerId: asker.id });
    expect(page.thread.other).toEqual({ id: owner.id, name: "Deleted member", avatarUrl: null });
  });
});
