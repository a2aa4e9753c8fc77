// Sending at scale and the header's unread count (issue 26's speed and scale part, decision 081): a message is one
// transaction, messages sent at once all land in the one order both members read, a refused send writes nothing,
// and the header's count looks only where something is new, counts event lines, never the member's own, and stops
// at 100 (shown "99+"). Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (real concurrency there).
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { blockMember } from "#core/conversations/block-member.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { countUnreadMessages, UNREAD_MESSAGES_CAP } from "#core/conversations/count-unread-messages.ts";
import { findInbox } from "#core/conversations/find-inbox.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { markThreadRead } from "#core/conversations/mark-thread-read.ts";
import { BLOCKED_PAIR } from "#core/conversations/member-blocks.ts";
import { MESSAGE_TOO_LONG } from "#core/conversations/message-rules.ts";
import { recordThreadEvent } from "#core/conversations/record-thread-event.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { MEMBER_LIMITS } from "#core/rate-limit/member-limits.ts";
import {
  contactDetailAttempts,
  conversationMessages,
  conversationReads,
  conversations,
} from "#db/schema/conversations.ts";
import { domainEvents } from "#db/schema/events.ts";
import { createConversation, createListing, createMember, createMessage, createSwap } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";
import { markThreadWaiting } from "#core/conversations/advance-read-pointer.ts";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

const clock = controlledClock(new Date());
const deps = { db, clock, mask: maskContactDetails };
const LONG_AGO = new Date(Date.now() - 90 * 24 * HOUR);

async function askedThread(options: { askerJoinedAt?: Date } = {}) {
  const owner = await createMember(db, { name: "Olive Owner", joinedAt: LONG_AGO });
  const asker = await createMember(db, { name: "Arlo Asker", joinedAt: options.askerJoinedAt ?? LONG_AGO });
  const listingId = await createListing(db, owner.id, { title: "Stihl chainsaw" });
  const { id } = await askAboutListing(deps, { listingId, askerId: asker.id });
  return { owner, asker, listingId, conversationId: id };
}

const send = (conversationId: string, senderId: string, body: unknown) =>
  sendMessage(deps, { conversationId, senderId, body });

/** Everything a send writes, for the thread: what "nothing was written" compares before and after. */
async function writtenFor(conversationId: string) {
  const [thread] = await db
    .select({ lastSeq: conversations.lastSeq, lastMessageAt: conversations.lastMessageAt })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const lines = await db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId));
  const [attempts] = await db
    .select({ n: count() })
    .from(contactDetailAttempts)
    .where(eq(contactDetailAttempts.conversationId, conversationId));
  const reads = await db
    .select({ userId: conversationReads.userId, seq: conversationReads.lastReadSeq })
    .from(conversationReads)
    .where(eq(conversationReads.conversationId, conversationId))
    .orderBy(conversationReads.userId);
  const [events] = await db
    .select({ n: count() })
    .from(domainEvents)
    .where(
      and(eq(domainEvents.kind, "message.sent"), sql`${domainEvents.payload}->>'conversationId' = ${conversationId}`),
    );
  return {
    lastSeq: thread.lastSeq,
    lastMessageAt: thread.lastMessageAt?.getTime() ?? null,
    lines: lines.length,
    attempts: Number(attempts.n),
    reads,
    events: Number(events.n),
  };
}

describe("sending is one transaction", () => {
  test("a failure at the send's last write (its event) leaves no line, no attempt, no pointer and no new last seq", async () => {
    const { asker, owner, conversationId } = await askedThread();
    await send(conversationId, owner.id, "Ask away");
    const before = await writtenFor(conversationId);
    // The event is the last thing a send writes: refuse it for this thread only, as a full disk or a lost
    // connection would at that moment.
    const fn = `refuse_event_${conversationId.replaceAll("-", "")}`;
    await db.execute(
      sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.payload->>'conversationId' = '${conversationId}' THEN RAISE EXCEPTION 'event refused'; END IF;
        RETURN NEW; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER ${fn} BEFORE INSERT ON domain_events FOR EACH ROW EXECUTE FUNCTION ${fn}()`),
    );
    try {
      // With a phone number, so the attempt row is written too before the event fails.
      await expect(send(conversationId, asker.id, "Call me on 0412 345 678")).rejects.toThrow();
    } finally {
      await db.execute(sql.raw(`DROP TRIGGER ${fn} ON domain_events`));
      await db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }
    expect(await writtenFor(conversationId)).toEqual(before);

    // The same message once the event can be written: all of it, together.
    const sent = await send(conversationId, asker.id, "Call me on 0412 345 678");
    const after = await writtenFor(conversationId);
    expect(after).toMatchObject({ lastSeq: sent.seq, lines: before.lines + 1, attempts: 1, events: before.events + 1 });
    expect(after.reads.find((r) => r.userId === asker.id)?.seq).toBe(sent.seq);
  });

  test("a refused send (blocked, over the limit, too long) writes nothing at all", async () => {
    // Too long.
    const long = await askedThread();
    await send(long.conversationId, long.owner.id, "Ask away");
    let before = await writtenFor(long.conversationId);
    expect(await refusal(send(long.conversationId, long.asker.id, "a".repeat(2001)))).toEqual({
      code: "VALIDATION",
      message: MESSAGE_TOO_LONG,
    });
    expect(await writtenFor(long.conversationId)).toEqual(before);

    // Blocked, either way round, with contact details in the words (no attempt is recorded for what was refused).
    const blocked = await askedThread();
    await send(blocked.conversationId, blocked.asker.id, "Is it still available?");
    await blockMember(deps, { blockerId: blocked.owner.id, blockedId: blocked.asker.id });
    before = await writtenFor(blocked.conversationId);
    for (const from of [blocked.asker.id, blocked.owner.id]) {
      expect(await refusal(send(blocked.conversationId, from, "Ring me: 0412 345 678"))).toEqual({
        code: "FORBIDDEN",
        message: BLOCKED_PAIR,
      });
    }
    expect(await writtenFor(blocked.conversationId)).toEqual(before);

    // Over the limit: a new account's per-minute messages.
    const limited = await askedThread({ askerJoinedAt: new Date(clock.now().getTime() - HOUR) });
    const limit = MEMBER_LIMITS.send_message_new_account.windows[0].limit;
    for (let n = 0; n < limit; n++) await send(limited.conversationId, limited.asker.id, `Question ${n + 1}`);
    before = await writtenFor(limited.conversationId);
    expect((await refusal(send(limited.conversationId, limited.asker.id, "My e-mail: arlo@example.com"))).code).toBe(
      "RATE_LIMITED",
    );
    expect(await writtenFor(limited.conversationId)).toEqual(before);
  });
});

describe("20 messages sent at once to one thread", () => {
  test("all arrive, each with its own seq, in one order both members read; the thread's last seq is the last", async () => {
    const { owner, asker, conversationId } = await askedThread();
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, n) => send(conversationId, asker.id, `Still available? (${n + 1})`)),
    );
    const seqs = sent.map((s) => s.seq).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(20);

    const asAsker = await findThread(deps, { conversationId, viewerId: asker.id });
    const asOwner = await findThread(deps, { conversationId, viewerId: owner.id });
    expect(asAsker.lines).toHaveLength(20);
    expect(asAsker.lines.map((l) => l.seq)).toEqual(seqs);
    expect(asOwner.lines.map((l) => [l.id, l.seq, l.body])).toEqual(asAsker.lines.map((l) => [l.id, l.seq, l.body]));
    expect(new Set(asOwner.lines.map((l) => l.body)).size).toBe(20);

    const written = await writtenFor(conversationId);
    expect(written).toMatchObject({ lastSeq: seqs[19], lines: 20, events: 20 });
    // The owner has 20 to read, in the inbox and the header alike; the asker, none of their own.
    expect((await findInbox(deps, { userId: owner.id })).threads[0]).toMatchObject({ id: conversationId, unread: 20 });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(20);
    expect(await countUnreadMessages(db, { userId: asker.id })).toBe(0);
  });

  test("both members writing at once: each sees the other's lines in the same order, and every pointer only moves on", async () => {
    const { owner, asker, conversationId } = await askedThread();
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(conversationId, n % 2 === 0 ? asker.id : owner.id, `Line ${n + 1} from ${n % 2 === 0 ? "A" : "O"}`),
      ),
    );
    const asAsker = await findThread(deps, { conversationId, viewerId: asker.id });
    const asOwner = await findThread(deps, { conversationId, viewerId: owner.id });
    expect(asOwner.lines.map((l) => l.id)).toEqual(asAsker.lines.map((l) => l.id));
    const seqs = asOwner.lines.map((l) => l.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Whoever wrote last has read everything; the other has read up to their own last line.
    const reads = (await writtenFor(conversationId)).reads;
    const lastOf = (id: string) => Math.max(...asOwner.lines.filter((l) => l.senderId === id).map((l) => l.seq));
    expect(reads.find((r) => r.userId === asker.id)?.seq).toBe(lastOf(asker.id));
    expect(reads.find((r) => r.userId === owner.id)?.seq).toBe(lastOf(owner.id));
    const waitingFor = (id: string, other: string) =>
      asOwner.lines.filter((l) => l.senderId === other && l.seq > lastOf(id)).length;
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(waitingFor(owner.id, asker.id));
    expect(await countUnreadMessages(db, { userId: asker.id })).toBe(waitingFor(asker.id, owner.id));
  });
});

describe("the header's unread count", () => {
  /** A member in `threads` threads, each asked by a new member about one of the member's listings. */
  async function memberWithThreads(threads: number) {
    const me = await createMember(db, { name: "Ursula Unread", joinedAt: LONG_AGO });
    const made: { conversationId: string; otherId: string }[] = [];
    for (let i = 0; i < threads; i++) {
      const { conversationId, askerId } = await createConversation(db, { ownerId: me.id });
      made.push({ conversationId, otherId: askerId });
    }
    return { me, threads: made };
  }

  /** `n` lines from `senderId` in one statement (the cap's tests need hundreds). */
  async function lines(conversationId: string, senderId: string | null, n: number) {
    const rows = await db
      .insert(conversationMessages)
      .values(
        Array.from({ length: n }, (_, i) => ({
          conversationId,
          senderId,
          kind: "text" as const,
          body: `Line ${i + 1}`,
        })),
      )
      .returning();
    const [thread] = await db
      .update(conversations)
      .set({ lastSeq: Math.max(...rows.map((r) => r.seq)), lastMessageAt: clock.now() })
      .where(eq(conversations.id, conversationId))
      .returning();
    // As sendMessage: the thread now waits for whoever did not write the lines.
    const others = [thread.askerId, thread.ownerId].filter((userId) => userId !== senderId);
    await markThreadWaiting(db, { conversationId, userIds: others, now: clock.now() });
  }

  test("ignores threads read to the end, and threads whose new lines are all the member's own", async () => {
    const { me, threads } = await memberWithThreads(3);
    const [caughtUp, ownLinesOnly, waiting] = threads;
    await createMessage(db, { conversationId: caughtUp.conversationId, senderId: caughtUp.otherId });
    await createMessage(db, { conversationId: caughtUp.conversationId, senderId: caughtUp.otherId });
    await markThreadRead(deps, { conversationId: caughtUp.conversationId, userId: me.id });
    // The member's own lines past their pointer (written without moving it): never counted.
    await lines(ownLinesOnly.conversationId, me.id, 7);
    await createMessage(db, { conversationId: waiting.conversationId, senderId: waiting.otherId });
    expect(await countUnreadMessages(db, { userId: me.id })).toBe(1);
    // Someone else's thread never counts, however much is in it.
    const stranger = await createMember(db);
    expect(await countUnreadMessages(db, { userId: stranger.id })).toBe(0);
  });

  test("counts the deal's event lines, from the other member or from nobody (a lapse), but not the member's own", async () => {
    const owner = await createMember(db, { joinedAt: LONG_AGO });
    const proposer = await createMember(db, { joinedAt: LONG_AGO });
    const listingId = await createListing(db, owner.id, { title: "Ryobi mower" });
    const made = await createSwap(db, {
      status: "pending",
      targetListingId: listingId,
      proposerId: proposer.id,
      receiverId: owner.id,
    });
    const swap = { id: made.swapId, targetListingId: listingId, proposerId: proposer.id, receiverId: owner.id };
    await recordThreadEvent(db, { swap, kind: "proposal", actorId: proposer.id, now: clock.now() });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(1);
    expect(await countUnreadMessages(db, { userId: proposer.id })).toBe(0);
    await recordThreadEvent(db, { swap, kind: "accepted", actorId: owner.id, now: clock.now() });
    await recordThreadEvent(db, { swap, kind: "paid", actorId: null, now: clock.now() });
    expect(await countUnreadMessages(db, { userId: owner.id })).toBe(2);
    expect(await countUnreadMessages(db, { userId: proposer.id })).toBe(2);
  });

  test("stops at 100, in one thread or across many, which the header shows as 99+", async () => {
    expect(UNREAD_MESSAGES_CAP + 1).toBe(100);
    const one = await memberWithThreads(1);
    await lines(one.threads[0].conversationId, one.threads[0].otherId, 150);
    expect(await countUnreadMessages(db, { userId: one.me.id })).toBe(100);

    const many = await memberWithThreads(3);
    for (const t of many.threads) await lines(t.conversationId, t.otherId, 40);
    expect(await countUnreadMessages(db, { userId: many.me.id })).toBe(100);
    // Exactly 99 is shown as it is.
    await markThreadRead(deps, { conversationId: many.threads[0].conversationId, userId: many.me.id });
    await markThreadRead(deps, { conversationId: many.threads[1].conversationId, userId: many.me.id });
    await lines(many.threads[1].conversationId, many.threads[1].otherId, 59);
    expect(await countUnreadMessages(db, { userId: many.me.id })).toBe(99);
  });

  test("a thread marked read drops out of the count at once; a new line brings it back", async () => {
    const { me, threads } = await memberWithThreads(2);
    for (const t of threads) await lines(t.conversationId, t.otherId, 3);
    expect(await countUnreadMessages(db, { userId: me.id })).toBe(6);
    await markThreadRead(deps, { conversationId: threads[0].conversationId, userId: me.id });
    expect(await countUnreadMessages(db, { userId: me.id })).toBe(3);
    await createMessage(db, { conversationId: threads[0].conversationId, senderId: threads[0].otherId });
    expect(await countUnreadMessages(db, { userId: me.id })).toBe(4);
    const ids = threads.map((t) => t.conversationId);
    const inbox = (await findInbox(deps, { userId: me.id })).threads.filter((t) => ids.includes(t.id));
    expect(inbox.reduce((sum, t) => sum + t.unread, 0)).toBe(4);
    expect(await db.select({ n: count() }).from(conversations).where(inArray(conversations.id, ids))).toEqual([
      { n: 2 },
    ]);
  });
});
