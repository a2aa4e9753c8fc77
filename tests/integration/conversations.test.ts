// Conversations (issue 26, decision 081): one thread per listing and asker, its lines in one order for both members,
// contact details masked for the other member until both fees are paid, blocks, limits, reads, and the account
// lifecycle's part. The contact rule itself is another change's (core/conversations/contact-details.ts); these tests
// pass a small stand-in for it, `maskPhonesAndEmails`, since what is tested here is when the rule applies.
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { blockMember, CANNOT_BLOCK_YOURSELF, MEMBER_TO_BLOCK_NOT_FOUND } from "#core/conversations/block-member.ts";
import { collectConversationData } from "#core/conversations/collect-conversation-data.ts";
import type { MaskContactDetails } from "#core/conversations/contact-mask.ts";
import { countUnreadMessages } from "#core/conversations/count-unread-messages.ts";
import { RECIPIENT_NOT_ACTIVE, SENDER_NOT_ACTIVE, THREAD_NOT_FOUND } from "#core/conversations/conversation-guards.ts";
import { findBlockedMembers } from "#core/conversations/find-blocked-members.ts";
import { findInbox } from "#core/conversations/find-inbox.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { markThreadRead } from "#core/conversations/mark-thread-read.ts";
import { BLOCKED_PAIR, BLOCKED_PAIR_PROPOSAL, isBlockedBetween } from "#core/conversations/member-blocks.ts";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "#core/conversations/message-rules.ts";
import { purgeMemberMessages } from "#core/conversations/purge-member-messages.ts";
import { recordThreadEvent } from "#core/conversations/record-thread-event.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing, LISTING_NOT_AVAILABLE, OWN_LISTING_MESSAGE } from "#core/conversations/start-conversation.ts";
import { unblockMember } from "#core/conversations/unblock-member.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { MEMBER_LIMITS } from "#core/rate-limit/member-limits.ts";
import { NUL_REFUSED } from "#core/shared/nul-characters.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { contactDetailAttempts, conversationMessages, conversations, memberBlocks } from "#db/schema/conversations.ts";
import { domainEvents } from "#db/schema/events.ts";
import { listings } from "#db/schema/listings.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createConversation, createListing, createMember, createMessage, createSwap } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

// Now: the accounts the factories make are as old as the test, so "new" unless joinedAt says otherwise.
const clock = controlledClock(new Date());

/** A stand-in for the contact rule: runs of 8 or more digits (spaces allowed) and e-mail addresses. */
const maskPhonesAndEmails: MaskContactDetails = (text) => {
  const found = new Set<string>();
  const masked = text
    .replace(/\d[\d ]{6,}\d/g, () => {
      found.add("phone");
      return "[phone number hidden]";
    })
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, () => {
      found.add("email");
      return "[e-mail address hidden]";
    });
  return { text: masked, masked: [...found] };
};

const deps = { db, clock, mask: maskPhonesAndEmails };
const LONG_AGO = new Date(Date.now() - 90 * 24 * HOUR);

/** An owner with a listing and an asker, both members for months (the everyday limits). */
async function ownerAndAsker() {
  const owner = await createMember(db, { name: "Olive Owner", joinedAt: LONG_AGO });
  const asker = await createMember(db, { name: "Arlo Asker", joinedAt: LONG_AGO });
  const listingId = await createListing(db, owner.id, { title: "Stihl chainsaw" });
  return { owner, asker, listingId };
}

/** A thread in which the asker has asked, through the use cases. */
async function askedThread() {
  const people = await ownerAndAsker();
  const { id } = await askAboutListing(deps, { listingId: people.listingId, askerId: people.asker.id });
  return { ...people, conversationId: id };
}

const send = (conversationId: string, senderId: string, body: unknown) =>
  sendMessage(deps, { conversationId, senderId, body });

async function linesIn(conversationId: string) {
  return db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(conversationMessages.seq);
}

async function eventsOf(kind: string, subjectIds: string[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.kind, kind), inArray(domainEvents.subjectId, subjectIds)));
}

async function threadsAbout(listingId: string) {
  const [row] = await db.select({ n: count() }).from(conversations).where(eq(conversations.listingId, listingId));
  return Number(row.n);
}

describe("asking about a listing", () => {
  test("opens one thread per listing and asker, and asking again continues it", async () => {
    const { owner, asker, listingId } = await ownerAndAsker();
    const first = await askAboutListing(deps, { listingId, askerId: asker.id });
    const again = await askAboutListing(deps, { listingId, askerId: asker.id });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const [row] = await db.select().from(conversations).where(eq(conversations.id, first.id));
    expect(row).toMatchObject({ askerId: asker.id, ownerId: owner.id, listingTitle: "Stihl chainsaw", swapId: null });
    expect(row.lastMessageAt).toBeNull();

    const someoneElse = await createMember(db, { joinedAt: LONG_AGO });
    const theirs = await askAboutListing(deps, { listingId, askerId: someoneElse.id });
    expect(theirs.id).not.toBe(first.id);
    expect(await threadsAbout(listingId)).toBe(2);
  });

  test("five clicks at once still make one thread", async () => {
    const { asker, listingId } = await ownerAndAsker();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => askAboutListing(deps, { listingId, askerId: asker.id })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await threadsAbout(listingId)).toBe(1);
  });

  test("asking about your own listing is refused and opens nothing", async () => {
    const { owner, listingId } = await ownerAndAsker();
    expect(await refusal(askAboutListing(deps, { listingId, askerId: owner.id }))).toEqual({
      code: "FORBIDDEN",
      message: OWN_LISTING_MESSAGE,
    });
    expect(await threadsAbout(listingId)).toBe(0);
  });

  test("a listing the asker cannot see is refused as not available, as is one that does not exist", async () => {
    const { owner, asker } = await ownerAndAsker();
    const reserved = await createListing(db, owner.id, { status: "reserved" });
    const heldForReview = await createListing(db, owner.id, { moderationStatus: "pending" });
    const deleted = await createListing(db, owner.id, { status: "deleted" });
    const notAvailable = { code: "NOT_FOUND", message: LISTING_NOT_AVAILABLE };
    for (const listingId of [reserved, heldForReview, deleted, crypto.randomUUID(), "not-a-uuid"]) {
      expect(await refusal(askAboutListing(deps, { listingId, askerId: asker.id }))).toEqual(notAvailable);
    }
    // A suspended owner's listings are hidden from everyone.
    const suspended = await createMember(db, { status: "suspended" });
    const theirs = await createListing(db, suspended.id);
    expect(await refusal(askAboutListing(deps, { listingId: theirs, askerId: asker.id }))).toEqual(notAvailable);
    expect(await db.select().from(conversations).where(eq(conversations.askerId, asker.id))).toHaveLength(0);
  });

  test("a thread already open continues after its listing is reserved", async () => {
    const { asker, listingId, conversationId } = await askedThread();
    await db.update(listings).set({ status: "reserved" }).where(eq(listings.id, listingId));
    expect(await askAboutListing(deps, { listingId, askerId: asker.id })).toEqual({
      id: conversationId,
      created: false,
    });
  });

  test("a new account starts 5 threads a day; the 6th is refused with when to come back and opens nothing", async () => {
    const newcomer = await createMember(db, { name: "Nina New" });
    const owner = await createMember(db, { joinedAt: LONG_AGO });
    const limit = MEMBER_LIMITS.start_conversation_new_account.windows[0].limit;
    for (let n = 0; n < limit; n++) {
      const listingId = await createListing(db, owner.id);
      expect((await askAboutListing(deps, { listingId, askerId: newcomer.id })).created).toBe(true);
    }
    const oneMore = await createListing(db, owner.id);
    const refused = await refusal(askAboutListing(deps, { listingId: oneMore, askerId: newcomer.id }));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.message).toMatch(
      /^You've reached the limit for new conversations\. You can start another conversation from \w{3} \d{1,2}:\d{2} (am|pm)\.$/,
    );
    expect(await threadsAbout(oneMore)).toBe(0);
    const logged = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, newcomer.id), eq(securityEvents.eventType, "rate_limited")));
    expect(logged).toHaveLength(1);
  });
});

describe("sending a message", () => {
  test("stores the trimmed words in the thread, moves it to the top of the inbox and records message.sent", async () => {
    const { owner, asker, conversationId } = await askedThread();
    const sent = await send(conversationId, asker.id, "  Is it still available?  ");
    const [line] = await linesIn(conversationId);
    expect(line).toMatchObject({ id: sent.id, kind: "text", senderId: asker.id, body: "Is it still available?" });
    expect(line.maskedKinds).toEqual([]);
    const [thread] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(thread.lastMessageAt?.getTime()).toBe(clock.now().getTime());
    const [event] = await eventsOf("message.sent", [sent.id]);
    expect(event.payload).toEqual({ conversationId, senderId: asker.id, recipientId: owner.id });
  });

  test("message.sent is dispatched with no mail: a message is never mailed the moment it is sent", async () => {
    const { asker, conversationId } = await askedThread();
    const sent = await sendMessage(
      { ...deps, env: { APP_URL: "https://swapshed.example" } },
      { conversationId, senderId: asker.id, body: "Hello" },
    );
    await dispatchEvents({ db, appUrl: "https://swapshed.example" });
    const [event] = await eventsOf("message.sent", [sent.id]);
    expect(event.dispatchedAt).not.toBeNull();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.eventId, event.id))).toHaveLength(0);
  });

  test("the words must be 1 to 2,000 characters, without NUL; a refusal stores nothing", async () => {
    const { asker, conversationId } = await askedThread();
    const refused = async (body: unknown) => refusal(send(conversationId, asker.id, body));
    expect(await refused("")).toEqual({ code: "VALIDATION", message: MESSAGE_REQUIRED });
    expect(await refused("   \n\t ")).toEqual({ code: "VALIDATION", message: MESSAGE_REQUIRED });
    expect(await refused(undefined)).toEqual({ code: "VALIDATION", message: MESSAGE_REQUIRED });
    expect(await refused({ toString: 1 })).toEqual({ code: "VALIDATION", message: MESSAGE_REQUIRED });
    expect(await refused("a".repeat(2001))).toEqual({ code: "VALIDATION", message: MESSAGE_TOO_LONG });
    expect(MESSAGE_TOO_LONG).toBe("Messages can be up to 2,000 characters.");
    expect(await refused("before\0after")).toEqual({ code: "VALIDATION", message: NUL_REFUSED });
    expect(await linesIn(conversationId)).toHaveLength(0);

    // 2,000 characters as the database counts them: an emoji is one, though JavaScript's length says two.
    const longest = "🔧".repeat(2000);
    await send(conversationId, asker.id, `  ${longest}  `);
    expect((await linesIn(conversationId))[0].body).toBe(longest);
  });

  test("someone who is not in the thread is told it does not exist, on sending, reading and marking read", async () => {
    const { asker, conversationId } = await askedThread();
    await send(conversationId, asker.id, "Is it still available?");
    const stranger = await createMember(db, { joinedAt: LONG_AGO });
    const notFound = { code: "NOT_FOUND", message: THREAD_NOT_FOUND };
    for (const id of [conversationId, crypto.randomUUID(), "not-a-uuid"]) {
      expect(await refusal(send(id, stranger.id, "Me too!"))).toEqual(notFound);
      expect(await refusal(findThread(deps, { conversationId: id, viewerId: stranger.id }))).toEqual(notFound);
      expect(await refusal(markThreadRead(deps, { conversationId: id, userId: stranger.id }))).toEqual(notFound);
    }
    expect(await linesIn(conversationId)).toHaveLength(1);
    expect((await findInbox(deps, { userId: stranger.id })).threads).toEqual([]);
  });

  test("a suspended or deleted member neither writes nor is written to", async () => {
    const { owner, asker, conversationId } = await askedThread();
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, owner.id));
    expect(await refusal(send(conversationId, asker.id, "Hello?"))).toEqual({
      code: "CONFLICT",
      message: RECIPIENT_NOT_ACTIVE,
    });
    expect(await refusal(send(conversationId, owner.id, "Hello?"))).toEqual({
      code: "FORBIDDEN",
      message: SENDER_NOT_ACTIVE,
    });
    expect(await linesIn(conversationId)).toHaveLength(0);
  });

  test("20 messages sent at once by both members all land, in one order both members see", async () => {
    const { owner, asker, conversationId } = await askedThread();
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(conversationId, n % 2 === 0 ? asker.id : owner.id, `Message number ${n + 1}`),
      ),
    );
    const lines = await linesIn(conversationId);
    expect(lines).toHaveLength(20);
    expect(new Set(lines.map((l) => l.body)).size).toBe(20);
    const seqs = lines.map((l) => l.seq);
    expect(new Set(seqs).size).toBe(20);
    const asAsker = await findThread(deps, { conversationId, viewerId: asker.id });
    const asOwner = await findThread(deps, { conversationId, viewerId: owner.id });
    expect(asAsker.lines.map((l) => l.id)).toEqual(lines.map((l) => l.id));
    expect(asOwner.lines.map((l) => l.id)).toEqual(lines.map((l) => l.id));
    expect(asAsker.lines.map((l) => l.seq)).toEqual([...seqs].sort((a, b) => a - b));
    expect(
      await eventsOf(
        "message.sent",
        sent.map((s) => s.id),
      ),
    ).toHaveLength(20);
  });

  test("over the limit a new account is refused with when to come back; nothing is stored and the refusal is logged", async () => {
    const owner = await createMember(db, { joinedAt: LONG_AGO });
    const newcomer = await createMember(db, { name: "Nina New" });
    const listingId = await createListing(db, owner.id);
    const { id: conversationId } = await askAboutListing(deps, { listingId, askerId: newcomer.id });
    const limit = MEMBER_LIMITS.send_message_new_account.windows[0].limit;
    for (let n = 0; n < limit; n++) await send(conversationId, newcomer.id, `Question ${n + 1}`);

    const refused = await refusal(send(conversationId, newcomer.id, "One more question"));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.message).toMatch(
      /^You've reached the limit for messages\. You can send another message from \w{3} \d{1,2}:\d{2} (am|pm)\.$/,
    );
    const lines = await linesIn(conversationId);
    expect(lines).toHaveLength(limit);
    expect(
      await eventsOf(
        "message.sent",
        lines.map((l) => l.id),
      ),
    ).toHaveLength(limit);
    const logged = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, newcomer.id), eq(securityEvents.eventType, "rate_limited")));
    expect(logged).toHaveLength(1);
    expect(logged[0].attemptedAction).toBe("send_message_new_account");

    // The established owner has the everyday limit, and a minute later the newcomer may write again.
    await send(conversationId, owner.id, "Ask away");
    clock.advance(61 * 1000);
    await send(conversationId, newcomer.id, "Thanks!");
    expect(await linesIn(conversationId)).toHaveLength(limit + 2);
  });

  test("a send whose transaction rolls back leaves neither the message nor its event", async () => {
    const { asker, conversationId } = await askedThread();
    let sentId = "";
    await expect(
      db.transaction(async (tx) => {
        sentId = (await sendMessage({ ...deps, db: tx }, { conversationId, senderId: asker.id, body: "Hello" })).id;
        throw new Error("the caller's change failed after the send");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect(sentId).not.toBe("");
    expect(await linesIn(conversationId)).toHaveLength(0);
    expect(await eventsOf("message.sent", [sentId])).toHaveLength(0);
    const [thread] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(thread.lastMessageAt).toBeNull();
  });
});

describe("contact details", () => {
  /** A thread whose deal is an accepted swap between the two, with the fees paid as given. */
  async function threadWithDeal(paid: { proposer: boolean; receiver: boolean }) {
    const { owner, asker, listingId, conversationId } = await askedThread();
    const { swapId } = await createSwap(db, {
      status: "accepted",
      proposerId: asker.id,
      receiverId: owner.id,
      targetListingId: listingId,
      proposerPaid: paid.proposer,
      receiverPaid: paid.receiver,
    });
    await db.update(conversations).set({ swapId }).where(eq(conversations.id, conversationId));
    return { owner, asker, conversationId, swapId };
  }

  test("are masked for the other member until both fees are paid, never for the sender, and the attempt is recorded", async () => {
    const { owner, asker, conversationId, swapId } = await threadWithDeal({ proposer: true, receiver: false });
    const words = "Call me on 0412 345 678 or mail arlo@example.com";
    const sent = await send(conversationId, asker.id, words);
    expect(sent.masked.sort()).toEqual(["email", "phone"]);

    const [stored] = await linesIn(conversationId);
    expect(stored.body).toBe(words);
    expect([...stored.maskedKinds].sort()).toEqual(["email", "phone"]);
    const attempts = await db.select().from(contactDetailAttempts).where(eq(contactDetailAttempts.messageId, sent.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ userId: asker.id, conversationId });
    expect([...attempts[0].kinds].sort()).toEqual(["email", "phone"]);

    const hidden = "Call me on [phone number hidden] or mail [e-mail address hidden]";
    const ownersView = await findThread(deps, { conversationId, viewerId: owner.id });
    expect(ownersView.thread.unlocked).toBe(false);
    expect(ownersView.lines[0]).toMatchObject({ body: hidden, masked: true, mine: false });
    const ownersInbox = await findInbox(deps, { userId: owner.id });
    expect(ownersInbox.threads[0].lastLine).toMatchObject({ body: hidden, masked: true });
    const askersView = await findThread(deps, { conversationId, viewerId: asker.id });
    expect(askersView.lines[0]).toMatchObject({ body: words, masked: false, mine: true });

    // The second fee: nothing is masked any more, the earlier line included.
    await db
      .update(swapProposals)
      .set({ receiverPaid: true, status: "completed", completedAt: clock.now() })
      .where(eq(swapProposals.id, swapId));
    const afterBothPaid = await findThread(deps, { conversationId, viewerId: owner.id });
    expect(afterBothPaid.thread.unlocked).toBe(true);
    expect(afterBothPaid.lines[0]).toMatchObject({ body: words, masked: false });
    expect((await findInbox(deps, { userId: owner.id })).threads[0].lastLine).toMatchObject({ body: words });
  });

  test("a message without any records no attempt", async () => {
    const { asker, conversationId } = await askedThread();
    const sent = await send(conversationId, asker.id, "Could you do Saturday morning?");
    expect(sent.masked).toEqual([]);
    expect(
      await db.select().from(contactDetailAttempts).where(eq(contactDetailAttempts.messageId, sent.id)),
    ).toHaveLength(0);
  });
});

describe("blocking a member", () => {
  test("refuses messages and new threads both ways, and proposals too; unblocking lets them again", async () => {
    const { owner, asker, listingId, conversationId } = await askedThread();
    const askersOwnListing = await createListing(db, asker.id, { title: "Ryobi mower" });
    const blocked = { code: "FORBIDDEN", message: BLOCKED_PAIR };
    await blockMember(deps, { blockerId: owner.id, blockedId: asker.id });
    await blockMember(deps, { blockerId: owner.id, blockedId: asker.id });
    expect(await isBlockedBetween(db, asker.id, owner.id)).toBe(true);

    expect(await refusal(send(conversationId, asker.id, "Hello?"))).toEqual(blocked);
    expect(await refusal(send(conversationId, owner.id, "Hello?"))).toEqual(blocked);
    expect(await refusal(askAboutListing(deps, { listingId, askerId: asker.id }))).toEqual(blocked);
    const ownersOther = await createListing(db, owner.id);
    expect(await refusal(askAboutListing(deps, { listingId: ownersOther, askerId: asker.id }))).toEqual(blocked);
    expect(await refusal(askAboutListing(deps, { listingId: askersOwnListing, askerId: owner.id }))).toEqual(blocked);
    const proposal = { targetListingId: listingId, offeredListingId: askersOwnListing, proposerId: asker.id };
    expect(await refusal(proposeSwap(deps, proposal))).toEqual({ code: "FORBIDDEN", message: BLOCKED_PAIR_PROPOSAL });
    expect(await db.select().from(swapProposals).where(eq(swapProposals.proposerId, asker.id))).toHaveLength(0);
    expect(await linesIn(conversationId)).toHaveLength(0);
    // The thread stays readable, and says it is blocked.
    expect((await findThread(deps, { conversationId, viewerId: asker.id })).thread.blocked).toBe(true);

    // Only the blocker can lift it: the asker's unblock changes nothing.
    await unblockMember(db, { blockerId: asker.id, blockedId: owner.id });
    expect(await isBlockedBetween(db, asker.id, owner.id)).toBe(true);
    await unblockMember(db, { blockerId: owner.id, blockedId: asker.id });
    await unblockMember(db, { blockerId: owner.id, blockedId: asker.id });
    expect(await isBlockedBetween(db, owner.id, asker.id)).toBe(false);
    await send(conversationId, asker.id, "Hello again");
    await proposeSwap(deps, proposal);
  });

  test("the blocker's list, newest first; nobody blocks themselves or a member who does not exist", async () => {
    const me = await createMember(db);
    const first = await createMember(db, { name: "First Blocked" });
    const second = await createMember(db, { name: "Second Blocked", deleted: true });
    await blockMember(deps, { blockerId: me.id, blockedId: first.id });
    clock.advance(1000);
    await blockMember(deps, { blockerId: me.id, blockedId: second.id });
    const list = await findBlockedMembers(db, { userId: me.id });
    expect(list.map((b) => [b.id, b.name])).toEqual([
      [second.id, "Deleted member"],
      [first.id, "First Blocked"],
    ]);
    expect(await refusal(blockMember(deps, { blockerId: me.id, blockedId: me.id }))).toEqual({
      code: "VALIDATION",
      message: CANNOT_BLOCK_YOURSELF,
    });
    expect(await refusal(blockMember(deps, { blockerId: me.id, blockedId: "no-such-member" }))).toEqual({
      code: "NOT_FOUND",
      message: MEMBER_TO_BLOCK_NOT_FOUND,
    });
    expect(await db.select().from(memberBlocks).where(eq(memberBlocks.blockerId, me.id))).toHaveLength(2);
  });
});

describe("reading: the inbox, unread counts and Seen", () => {
  test("unread counts the other member's lines after the last one read; Seen follows the other's reading", async () => {
    const { owner, asker, conversationId } = await askedThread();
    await send(conversationId, asker.id, "Is it still available?");
    const second = await send(conversationId, asker.id, "And does it come with the case?");

    expect((await findInbox(deps, { userId: owner.id })).threads[0]).toMatchObject({ id: conversationId, unread: 2 });
    expect((await findInbox(deps, { userId: asker.id })).threads[0]).toMatchObject({ id: conversationId, unread: 0 });
    expect((await findThread(deps, { conversationId, viewerId: asker.id })).seenUpTo).toBe(0);

    expect(await markThreadRead(deps, { conversationId, userId: owner.id })).toEqual({ lastReadSeq: second.seq });
    expect((await findInbox(deps, { userId: owner.id })).threads[0].unread).toBe(0);
    expect((await findThread(deps, { conversationId, viewerId: asker.id })).seenUpTo).toBe(second.seq);

    // A stale page cannot move the pointer back, nor a made-up one past the thread's end.
    await markThreadRead(deps, { conversationId, userId: owner.id, upToSeq: 1 });
    const reply = await send(conversationId, owner.id, "Yes, case included.");
    await markThreadRead(deps, { conversationId, userId: asker.id, upToSeq: Number.MAX_SAFE_INTEGER });
    const asAsker = await findThread(deps, { conversationId, viewerId: asker.id });
    expect(asAsker.lastReadSeq).toBe(reply.seq);
    expect((await findThread(deps, { conversationId, viewerId: owner.id })).seenUpTo).toBe(reply.seq);
  });

  test("newest thread first, a page at a time; a deleted member and a deleted listing keep their thread", async () => {
    const me = await createMember(db, { name: "Ivy Inbox", joinedAt: LONG_AGO });
    const made: string[] = [];
    for (let n = 0; n < 5; n++) {
      const other = await createMember(db, { name: `Owner ${n}`, joinedAt: LONG_AGO });
      const listingId = await createListing(db, other.id, { title: `Item ${n}` });
      const { id } = await askAboutListing(deps, { listingId, askerId: me.id });
      clock.advance(1000);
      await send(id, me.id, `Question ${n}`);
      made.push(id);
    }
    // Opened and never written in: in nobody's inbox.
    const silent = await createListing(db, (await createMember(db)).id);
    await askAboutListing(deps, { listingId: silent, askerId: me.id });

    const first = await findInbox(deps, { userId: me.id, limit: 2 });
    const second = await findInbox(deps, { userId: me.id, limit: 2, cursor: first.nextCursor });
    const third = await findInbox(deps, { userId: me.id, limit: 2, cursor: second.nextCursor });
    expect([...first.threads, ...second.threads, ...third.threads].map((t) => t.id)).toEqual([...made].reverse());
    expect(third.nextCursor).toBeNull();
    expect(first.threads[0]).toMatchObject({
      listing: { title: "Item 4", picture: { widths: [320] } },
      other: { name: "Owner 4" },
      lastLine: { mine: true, body: "Question 4", masked: false, removed: false, eventKind: null },
      unread: 0,
    });

    // Owner 4 deletes their account, and their listing, never in a proposal, is removed by the purge.
    const [oldest] = await db.select().from(conversations).where(eq(conversations.id, made[4]));
    await db
      .update(profiles)
      .set({ deletedAt: clock.now(), permanentDeletionAt: new Date(clock.now().getTime() + 30 * 24 * HOUR) })
      .where(eq(profiles.userId, oldest.ownerId));
    await db.delete(listings).where(eq(listings.id, oldest.listingId as string));
    const [top] = (await findInbox(deps, { userId: me.id, limit: 1 })).threads;
    expect(top).toMatchObject({
      id: made[4],
      listing: { id: null, title: "Item 4", picture: null },
      other: { id: oldest.ownerId, name: "Deleted member" },
    });
  });

  test("a thread's history pages back from its latest lines, and new lines read forward", async () => {
    const { owner, asker, conversationId } = await askedThread();
    for (let n = 1; n <= 7; n++) await send(conversationId, n % 2 ? asker.id : owner.id, `Line ${n}`);
    const latest = await findThread(deps, { conversationId, viewerId: owner.id, limit: 3 });
    expect(latest.lines.map((l) => l.body)).toEqual(["Line 5", "Line 6", "Line 7"]);
    const earlier = await findThread(deps, {
      conversationId,
      viewerId: owner.id,
      limit: 3,
      before: latest.olderCursor,
    });
    expect(earlier.lines.map((l) => l.body)).toEqual(["Line 2", "Line 3", "Line 4"]);
    const start = await findThread(deps, { conversationId, viewerId: owner.id, limit: 3, before: earlier.olderCursor });
    expect(start.lines.map((l) => l.body)).toEqual(["Line 1"]);
    expect(start.olderCursor).toBeNull();

    await send(conversationId, asker.id, "Line 8");
    const fresh = await findThread(deps, {
      conversationId,
      viewerId: owner.id,
      after: String(latest.lines[2].seq),
    });
    expect(fresh.lines.map((l) => l.body)).toEqual(["Line 8"]);
    expect(fresh.thread.other).toEqual({ id: asker.id, name: "Arlo Asker", avatarUrl: null });
  });
});

describe("the deal's lines in the thread", () => {
  test("a proposal opens the thread if the two never wrote, makes the swap its deal, and later lines follow it", async () => {
    const { swapId, proposerId, receiverId, targetListingId } = await createSwap(db, { status: "pending" });
    const swap = { id: swapId, proposerId, receiverId, targetListingId };
    const conversationId = await db.transaction((tx) =>
      recordThreadEvent(tx, { swap, kind: "proposal", actorId: proposerId, now: clock.now() }),
    );
    const again = await db.transaction((tx) =>
      recordThreadEvent(tx, { swap, kind: "review", actorId: receiverId, payload: { rating: 5 }, now: clock.now() }),
    );
    expect(again).toBe(conversationId);
    const [thread] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(thread).toMatchObject({ askerId: proposerId, ownerId: receiverId, listingId: targetListingId, swapId });
    const view = await findThread(deps, { conversationId, viewerId: receiverId });
    expect(view.lines.map((l) => [l.kind, l.event?.kind, l.senderId])).toEqual([
      ["event", "proposal", proposerId],
      ["event", "review", receiverId],
    ]);
    expect(view.lines[1].event?.payload).toEqual({ swapId, rating: 5 });
    // An asker's existing thread becomes the deal's thread.
    const { owner, asker, listingId, conversationId: asked } = await askedThread();
    const offered = await createListing(db, asker.id);
    const { id: proposed } = await proposeSwap(deps, {
      proposerId: asker.id,
      targetListingId: listingId,
      offeredListingId: offered,
    });
    const deal = { id: proposed, proposerId: asker.id, receiverId: owner.id, targetListingId: listingId };
    expect(
      await db.transaction((tx) =>
        recordThreadEvent(tx, { swap: deal, kind: "proposal", actorId: asker.id, now: clock.now() }),
      ),
    ).toBe(asked);
    const [dealt] = await db.select().from(conversations).where(eq(conversations.id, asked));
    expect(dealt.swapId).toBe(proposed);
  });
});

describe("an account's deletion", () => {
  test("the purge removes the member's words; the other member keeps the thread, with Deleted member", async () => {
    const { owner, asker, conversationId } = await askedThread();
    await send(conversationId, asker.id, "Text me on 0412 345 678");
    await send(conversationId, owner.id, "Will do");
    await blockMember(deps, { blockerId: asker.id, blockedId: (await createMember(db)).id });
    await db
      .update(profiles)
      .set({ deletedAt: clock.now(), permanentDeletionAt: clock.now() })
      .where(eq(profiles.userId, asker.id));
    await db.transaction((tx) => purgeMemberMessages(tx, { userId: asker.id, now: clock.now() }));
    await db.transaction((tx) => purgeMemberMessages(tx, { userId: asker.id, now: clock.now() }));

    const view = await findThread(deps, { conversationId, viewerId: owner.id });
    expect(view.thread.other.name).toBe("Deleted member");
    expect(view.lines.map((l) => [l.body, l.removed])).toEqual([
      [null, true],
      ["Will do", false],
    ]);
    expect(await db.select().from(contactDetailAttempts).where(eq(contactDetailAttempts.userId, asker.id))).toEqual([]);
    expect(await db.select().from(memberBlocks).where(eq(memberBlocks.blockerId, asker.id))).toEqual([]);
  });

  test("the member's download holds their threads: their own words as written, the other's as they see them", async () => {
    const { owner, asker, conversationId } = await askedThread();
    await send(conversationId, asker.id, "Is it still available?");
    await send(conversationId, owner.id, "Yes! Ring me on 0412 345 678");
    const data = await collectConversationData(deps, { userId: asker.id });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({
      id: conversationId,
      listingTitle: "Stihl chainsaw",
      role: "asker",
      otherMember: "Olive Owner",
    });
    expect(data.conversations[0].messages.map((m) => [m.sentByMe, m.text])).toEqual([
      [true, "Is it still available?"],
      [false, "Yes! Ring me on [phone number hidden]"],
    ]);
    const ownersData = await collectConversationData(deps, { userId: owner.id });
    expect(ownersData.conversations[0].role).toBe("owner");
    expect(ownersData.conversations[0].messages[1]).toMatchObject({
      sentByMe: true,
      text: "Yes! Ring me on 0412 345 678",
    });
  });
});

test("the factories make a thread and its lines as the use cases do", async () => {
  const { conversationId, askerId, ownerId } = await createConversation(db);
  await createMessage(db, { conversationId, senderId: askerId });
  const view = await findThread(deps, { conversationId, viewerId: ownerId });
  expect(view.lines.map((l) => l.body)).toEqual(["Is it still available?"]);
  expect((await findInbox(deps, { userId: ownerId })).threads[0]).toMatchObject({ id: conversationId, unread: 1 });
  expect(await countUnreadMessages(db, { userId: ownerId })).toBe(1);
});
