// The /api/v1 conversations and blocks end to end (issue 26, decision 081): members signed up through the API with
// their cookies, every step through the real app, the contact rule itself (core/conversations/contact-details.ts)
// doing the masking, and the handshake fees paid through the API from account credit. The database is read
// directly only to check what a request did (or, for a refusal, did not) store; rows are written directly only to
// make many threads or lines for paging.
import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { BLOCKED_PAIR, BLOCKED_PAIR_PROPOSAL } from "#core/conversations/member-blocks.ts";
import { CONTACT_DETAILS_NOTE, HIDDEN_CONTACT_DETAILS } from "#core/conversations/contact-details.ts";
import { THREAD_NOT_FOUND } from "#core/conversations/conversation-guards.ts";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "#core/conversations/message-rules.ts";
import { LISTING_NOT_AVAILABLE, OWN_LISTING_MESSAGE } from "#core/conversations/start-conversation.ts";
import { CHOOSE_A_REASON } from "#core/moderation/report-form.ts";
import { MESSAGE_ALREADY_REMOVED, MESSAGE_ALREADY_REPORTED, OWN_MESSAGE } from "#core/moderation/report-message.ts";
import { settleMessageReport } from "#core/moderation/settle-message-report.ts";
import { MEMBER_LIMITS } from "#core/rate-limit/member-limits.ts";
import { NUL_REFUSED } from "#core/shared/nul-characters.ts";
import { UP_TO_SEQ_INVALID } from "#server/api/conversations.ts";
import { securityEvents } from "#db/schema/audit.ts";
import {
  contactDetailAttempts,
  conversationMessages,
  conversationReads,
  conversations,
  memberBlocks,
} from "#db/schema/conversations.ts";
import { domainEvents } from "#db/schema/events.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { sameOrigin, signUpMember } from "../support/api-factories";
import { databaseForThisFile } from "../support/database-for-file";
import { createConversation, createListing, createMessage, createStaff, staffActor } from "../support/factories";
import { grantCredit } from "../support/payment-fixtures";
import { createTestApp } from "../support/test-app";

const { handle, db } = await databaseForThisFile();
// Every request comes from 127.0.0.1: a high per-address limit keeps sign-ups out of the limiter's way.
const testApp = createTestApp(handle, { authAddressLimit: 1000 });
const { app } = testApp;

type Member = { userId: string; cookie: string; name: string };

/** A member signed up through the API (a new account: the tighter limits of its first 7 days). */
async function member(name: string): Promise<Member> {
  return { ...(await signUpMember(testApp, { name })), name };
}

async function json<T = Record<string, unknown>>(res: Response | Promise<Response>) {
  const response = await res;
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

const get = <T = Record<string, unknown>>(path: string, who: Member) =>
  json<T>(app.request(`/api/v1${path}`, { headers: { cookie: who.cookie } }));
/** A same-origin request with a JSON body (or none), as a client on the site would send it. */
const send = <T = Record<string, unknown>>(method: string, path: string, who: Member, body?: unknown) =>
  json<T>(
    app.request(`/api/v1${path}`, {
      method,
      headers: { ...sameOrigin(who.cookie), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

type Line = { id: string; seq: number; kind: string; body: string | null; mine: boolean; masked: boolean };
type Page = {
  conversation: { id: string; other: { id: string; name: string }; unlocked: boolean; blocked: boolean };
  messages: Line[];
  nextCursor: string | null;
  seenUpTo: number;
  lastReadSeq: number;
  maskedNote: string | null;
};
type InboxEntry = {
  id: string;
  listing: { id: string | null; title: string };
  other: { id: string; name: string };
  lastLine: { mine: boolean; body: string | null; masked: boolean } | null;
  unread: number;
};
type Inbox = { conversations: InboxEntry[]; nextCursor: string | null };
type Sent = { message: { id: string; seq: number; masked: string[] }; maskedNote: string | null };

const ask = (listingId: string, who: Member) =>
  send<{ id: string; created: boolean }>("POST", `/listings/${listingId}/conversation`, who);
const write = (conversationId: string, who: Member, body: unknown) =>
  send<Sent>("POST", `/conversations/${conversationId}/messages`, who, { body });
const thread = async (conversationId: string, who: Member, query = "") =>
  (await get<Page>(`/conversations/${conversationId}/messages${query}`, who)).body;
const inbox = async (who: Member, query = "") => (await get<Inbox>(`/conversations${query}`, who)).body;

/** Tom's listing and Kylie, who asks about it: the thread's id. */
async function askedThread() {
  const kylie = await member("Kylie Nguyen");
  const tom = await member("Tom O'Brien");
  const mower = await createListing(db, tom.userId, { title: "Ryobi lawn mower" });
  const asked = await ask(mower, kylie);
  expect(asked.status).toBe(201);
  return { kylie, tom, mower, conversationId: asked.body.id };
}

/** Everything a message could store: its line, its event, an attempt, a read pointer, a thread. */
async function stored() {
  const rows = async <T>(list: Promise<T[]>) => (await list).map((row) => JSON.stringify(row)).sort();
  return {
    conversations: await rows(db.select().from(conversations)),
    messages: await rows(db.select().from(conversationMessages)),
    reads: await rows(db.select().from(conversationReads)),
    attempts: await rows(db.select().from(contactDetailAttempts)),
    blocks: await rows(db.select().from(memberBlocks)),
    events: await rows(db.select({ id: domainEvents.id }).from(domainEvents)),
  };
}

/** The request is answered `status` with `error` (and `fields` naming `field`), and nothing was stored. */
async function expectRefused(
  request: () => Promise<{ status: number; body: unknown }>,
  status: number,
  error: string,
  field?: string,
) {
  const before = await stored();
  const answer = await request();
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { error, ...(field ? { fields: { [field]: error } } : {}) },
  });
  expect(await stored()).toEqual(before);
}

describe("a conversation through the API", () => {
  test("ask, write a phone number (masked for the other member), propose, accept, both pay: unmasked", async () => {
    const { kylie, tom, mower, conversationId } = await askedThread();
    // Asking again continues the same thread: 200, not a second one.
    expect((await ask(mower, kylie)).body).toEqual({ id: conversationId, created: false });
    expect((await ask(mower, kylie)).status).toBe(200);

    const words = "Still got it? Text me on 0412 345 678 or kylie.n@example.com";
    const sent = await write(conversationId, kylie, `  ${words}  `);
    expect(sent.status).toBe(201);
    expect(sent.body.message.masked.sort()).toEqual(["email", "phone"]);
    expect(sent.body.maskedNote).toBe(CONTACT_DETAILS_NOTE);
    // Stored as written (trimmed); the attempt recorded with its kinds.
    const [line] = await db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.id, sent.body.message.id));
    expect(line.body).toBe(words);
    const attempts = await db
      .select()
      .from(contactDetailAttempts)
      .where(eq(contactDetailAttempts.userId, kylie.userId));
    expect(attempts.map((a) => [...a.kinds].sort())).toEqual([["email", "phone"]]);

    // Tom sees it masked, in the thread and in his inbox, with the one-line note.
    const tomsView = await thread(conversationId, tom);
    expect(tomsView.conversation).toMatchObject({ unlocked: false, blocked: false, other: { id: kylie.userId } });
    expect(tomsView.messages).toHaveLength(1);
    const masked = tomsView.messages[0];
    expect(masked).toMatchObject({ mine: false, masked: true });
    expect(masked.body).toBe(`Still got it? Text me on ${HIDDEN_CONTACT_DETAILS} or ${HIDDEN_CONTACT_DETAILS}`);
    expect(tomsView.maskedNote).toBe(CONTACT_DETAILS_NOTE);
    const tomsInbox = await inbox(tom);
    expect(tomsInbox.conversations).toHaveLength(1);
    expect(tomsInbox.conversations[0]).toMatchObject({
      id: conversationId,
      listing: { id: mower, title: "Ryobi lawn mower" },
      other: { id: kylie.userId, name: "Kylie Nguyen" },
      lastLine: { mine: false, masked: true, body: masked.body },
      unread: 1,
    });
    for (const text of [JSON.stringify(tomsView), JSON.stringify(tomsInbox)]) {
      expect(text).not.toContain("0412");
      expect(text).not.toContain("kylie.n@example.com");
    }
    // Kylie sees her own words as she wrote them.
    const kyliesView = await thread(conversationId, kylie);
    expect(kyliesView.messages[0]).toMatchObject({ body: words, mine: true, masked: false });
    expect(kyliesView.maskedNote).toBeNull();

    // Kylie offers her drill for the mower; Tom accepts; the thread's deal is that swap.
    const drill = await createListing(db, kylie.userId, { title: "Makita cordless drill" });
    const proposed = await send<{ id: string }>("POST", "/swaps", kylie, {
      targetListingId: mower,
      offeredListingId: drill,
    });
    expect(proposed.status).toBe(201);
    const swapId = proposed.body.id;
    // The proposal makes the swap the thread's deal. proposeSwap does that itself once it writes its line in the
    // thread (recordThreadEvent, the pages' change); until then the link is set here as it will be (a no-op after).
    await db.update(conversations).set({ swapId }).where(eq(conversations.id, conversationId));
    expect((await send("POST", `/swaps/${swapId}/accept`, tom)).status).toBe(200);

    // One fee paid: still masked.
    await grantCredit(db, kylie.userId, 999);
    expect((await send("POST", `/swaps/${swapId}/pay`, kylie)).body).toEqual({ kind: "paid" });
    expect((await thread(conversationId, tom)).messages.find((m) => m.kind === "text")?.masked).toBe(true);

    // Both paid: nothing is masked, the earlier line included.
    await grantCredit(db, tom.userId, 999);
    expect((await send("POST", `/swaps/${swapId}/pay`, tom)).body).toEqual({ kind: "paid" });
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
    expect(swap).toMatchObject({ status: "arranging", proposerPaid: true, receiverPaid: true });
    const unlocked = await thread(conversationId, tom);
    expect(unlocked.conversation.unlocked).toBe(true);
    expect(unlocked.messages.find((m) => m.kind === "text")).toMatchObject({ body: words, masked: false });
    expect(unlocked.maskedNote).toBeNull();
    // And a new message with contact details is not masked either: the sender is told nothing is hidden.
    const after = await write(conversationId, tom, "Great, ring me on 0498 765 432");
    expect(after.body).toMatchObject({ message: { masked: [] }, maskedNote: null });
    expect((await thread(conversationId, kylie)).messages.at(-1)).toMatchObject({
      body: "Great, ring me on 0498 765 432",
      masked: false,
    });
  });

  test("unread counts and read marks: the other member's lines after the last read; Seen follows the other's reading", async () => {
    const { kylie, tom, conversationId } = await askedThread();
    const seqs: number[] = [];
    for (const words of ["Is it still available?", "What size is the catcher?", "Could you do Saturday?"]) {
      const sent = await write(conversationId, kylie, words);
      // Nothing to hide: nothing to tell the sender.
      expect(sent.body).toMatchObject({ message: { masked: [] }, maskedNote: null });
      seqs.push(sent.body.message.seq);
    }
    expect((await inbox(tom)).conversations[0].unread).toBe(3);
    // The sender has read their own lines.
    expect((await inbox(kylie)).conversations[0].unread).toBe(0);
    // Reading the thread marks nothing.
    expect((await thread(conversationId, tom)).lastReadSeq).toBe(0);
    expect((await inbox(tom)).conversations[0].unread).toBe(3);

    const read = (who: Member, body?: unknown) =>
      send<{ lastReadSeq: number }>("POST", `/conversations/${conversationId}/read`, who, body);
    expect((await read(tom, { upToSeq: seqs[1] })).body).toEqual({ lastReadSeq: seqs[1] });
    expect((await inbox(tom)).conversations[0].unread).toBe(1);
    expect((await thread(conversationId, kylie)).seenUpTo).toBe(seqs[1]);
    // A stale tab cannot move it back; past the end is the end.
    expect((await read(tom, { upToSeq: seqs[0] })).body).toEqual({ lastReadSeq: seqs[1] });
    expect((await read(tom, { upToSeq: seqs[2] + 1000 })).body).toEqual({ lastReadSeq: seqs[2] });
    // Without a body: everything.
    await write(conversationId, kylie, "Or Sunday?");
    expect((await inbox(tom)).conversations[0].unread).toBe(1);
    const all = await read(tom);
    expect(all.status).toBe(200);
    expect((await inbox(tom)).conversations[0].unread).toBe(0);
    expect((await thread(conversationId, tom)).lastReadSeq).toBe(all.body.lastReadSeq);

    // Tom answers: Kylie has one unread, and Tom's reply marks what came before as read for him.
    const reply = await write(conversationId, tom, "Saturday works");
    expect((await inbox(kylie)).conversations[0]).toMatchObject({
      unread: 1,
      lastLine: { mine: false, body: "Saturday works" },
    });
    expect((await thread(conversationId, kylie)).seenUpTo).toBe(reply.body.message.seq);

    await expectRefused(() => read(tom, { upToSeq: "all" }), 400, UP_TO_SEQ_INVALID, "upToSeq");
    await expectRefused(() => read(tom, { upToSeq: -1 }), 400, UP_TO_SEQ_INVALID, "upToSeq");
    await expectRefused(() => read(tom, { upToSeq: 1.5 }), 400, UP_TO_SEQ_INVALID, "upToSeq");
  });

  test("asking about your own listing, a hidden one or one that does not exist is refused and opens nothing", async () => {
    const tom = await member("Tom O'Brien");
    const kylie = await member("Kylie Nguyen");
    const own = await createListing(db, tom.userId);
    const reserved = await createListing(db, tom.userId, { status: "reserved" });
    await expectRefused(() => ask(own, tom), 403, OWN_LISTING_MESSAGE);
    await expectRefused(() => ask(reserved, kylie), 404, LISTING_NOT_AVAILABLE);
    await expectRefused(() => ask("0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e", kylie), 404, LISTING_NOT_AVAILABLE);
    await expectRefused(() => ask("not-an-id", kylie), 404, LISTING_NOT_AVAILABLE);
  });
});

describe("blocking through the API", () => {
  test("a block refuses messages both ways, new threads and proposals; the thread stays readable; unblocking lifts it", async () => {
    const { kylie, tom, mower, conversationId } = await askedThread();
    await write(conversationId, kylie, "Is it still available?");
    const blocked = await send<{ blocked: boolean }>("PUT", `/blocks/${kylie.userId}`, tom);
    expect(blocked).toMatchObject({ status: 200, body: { blocked: true } });
    // Again changes nothing.
    expect((await send("PUT", `/blocks/${kylie.userId}`, tom)).body).toEqual({ blocked: true });
    const list = (await get<{ blocked: { id: string; name: string; blockedAt: string }[] }>("/blocks", tom)).body;
    expect(list.blocked).toEqual([{ id: kylie.userId, name: "Kylie Nguyen", blockedAt: expect.any(String) }]);
    expect((await get<{ blocked: unknown[] }>("/blocks", kylie)).body.blocked).toEqual([]);

    await expectRefused(() => write(conversationId, kylie, "Hello?"), 403, BLOCKED_PAIR);
    await expectRefused(() => write(conversationId, tom, "Hello?"), 403, BLOCKED_PAIR);
    const tomsOther = await createListing(db, tom.userId, { title: "Kayak with paddle" });
    await expectRefused(() => ask(tomsOther, kylie), 403, BLOCKED_PAIR);
    const drill = await createListing(db, kylie.userId, { title: "Makita cordless drill" });
    await expectRefused(
      () => send("POST", "/swaps", kylie, { targetListingId: mower, offeredListingId: drill }),
      403,
      BLOCKED_PAIR_PROPOSAL,
    );
    await expectRefused(
      () => send("POST", "/swaps", tom, { targetListingId: drill, offeredListingId: mower }),
      403,
      BLOCKED_PAIR_PROPOSAL,
    );
    // Read-only, and says so.
    const page = await thread(conversationId, kylie);
    expect(page.conversation.blocked).toBe(true);
    expect(page.messages).toHaveLength(1);

    // Kylie cannot lift Tom's block; Tom can.
    expect((await send("DELETE", `/blocks/${tom.userId}`, kylie)).body).toEqual({ blocked: false });
    await expectRefused(() => write(conversationId, kylie, "Hello?"), 403, BLOCKED_PAIR);
    expect((await send("DELETE", `/blocks/${kylie.userId}`, tom)).body).toEqual({ blocked: false });
    expect((await write(conversationId, kylie, "Hello again")).status).toBe(201);
    expect((await send("POST", "/swaps", kylie, { targetListingId: mower, offeredListingId: drill })).status).toBe(201);
    expect((await thread(conversationId, kylie)).conversation.blocked).toBe(false);
  });

  test("nobody blocks themselves or a member who does not exist", async () => {
    const tom = await member("Tom O'Brien");
    await expectRefused(() => send("PUT", `/blocks/${tom.userId}`, tom), 400, "You can't block yourself.");
    await expectRefused(() => send("PUT", "/blocks/no-such-member", tom), 404, "Member not found");
  });
});

describe("someone else's thread", () => {
  test("is not found on every endpoint (as a missing one is), never in their inbox, and nothing changes", async () => {
    const { kylie, conversationId } = await askedThread();
    await write(conversationId, kylie, "Is it still available? 0412 345 678");
    const mallory = await member("Mallory Stone");
    const missing = "0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e";
    for (const id of [conversationId, missing, "not-an-id"]) {
      await expectRefused(() => get(`/conversations/${id}/messages`, mallory), 404, THREAD_NOT_FOUND);
      await expectRefused(() => get(`/conversations/${id}/messages?after=0`, mallory), 404, THREAD_NOT_FOUND);
      await expectRefused(() => write(id, mallory, "Hi there"), 404, THREAD_NOT_FOUND);
      await expectRefused(() => send("POST", `/conversations/${id}/read`, mallory), 404, THREAD_NOT_FOUND);
      await expectRefused(
        () => send("POST", `/conversations/${id}/read`, mallory, { upToSeq: 1 }),
        404,
        THREAD_NOT_FOUND,
      );
    }
    expect((await inbox(mallory)).conversations).toEqual([]);
    // A visitor: 401 on each, before anything is looked up.
    for (const [method, path] of [
      ["GET", "/conversations"],
      ["GET", `/conversations/${conversationId}/messages`],
      ["POST", `/conversations/${conversationId}/messages`],
      ["POST", `/conversations/${conversationId}/read`],
      ["GET", "/blocks"],
      ["PUT", `/blocks/${kylie.userId}`],
      ["DELETE", `/blocks/${kylie.userId}`],
    ]) {
      const res = await app.request(`/api/v1${path}`, { method, headers: sameOrigin() });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });
});

describe("what a message may be", () => {
  test("1 to 2,000 characters (as the database counts them), no NUL; a refusal stores nothing", async () => {
    const { kylie, conversationId } = await askedThread();
    await expectRefused(() => write(conversationId, kylie, "x".repeat(2001)), 400, MESSAGE_TOO_LONG, "body");
    await expectRefused(() => write(conversationId, kylie, ""), 400, MESSAGE_REQUIRED, "body");
    await expectRefused(() => write(conversationId, kylie, " \n\t "), 400, MESSAGE_REQUIRED, "body");
    await expectRefused(() => write(conversationId, kylie, undefined), 400, MESSAGE_REQUIRED, "body");
    await expectRefused(() => write(conversationId, kylie, 42), 400, MESSAGE_REQUIRED, "body");
    await expectRefused(() => write(conversationId, kylie, ["Hi"]), 400, MESSAGE_REQUIRED, "body");
    // The request layer refuses a NUL anywhere in the JSON before the handler runs.
    await expectRefused(() => write(conversationId, kylie, "Hi\u0000there"), 400, NUL_REFUSED);
    await expectRefused(
      () => send("POST", `/conversations/${conversationId}/messages`, kylie, '{"body": '),
      400,
      "The request body is not valid JSON.",
    );

    // 2,000 characters exactly, emoji counted once each, is a message.
    expect((await write(conversationId, kylie, "x".repeat(2000))).status).toBe(201);
    expect((await write(conversationId, kylie, "🙂".repeat(2000))).status).toBe(201);
    expect((await thread(conversationId, kylie)).messages.map((m) => Array.from(m.body ?? "").length)).toEqual([
      2000, 2000,
    ]);
  });
});

describe("limits", () => {
  test("a new account's 11th message in a minute: 429 with Retry-After and when, nothing stored, the refusal logged", async () => {
    const { kylie, conversationId } = await askedThread();
    const perMinute = MEMBER_LIMITS.send_message_new_account.windows[0].limit;
    for (let i = 1; i <= perMinute; i++) expect((await write(conversationId, kylie, `Message ${i}`)).status).toBe(201);

    const before = await stored();
    const refused = await write(conversationId, kylie, "One too many: 0412 345 678");
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as { error: string }).error).toMatch(
      /^You've reached the limit for messages\. You can send another message from .+\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await stored()).toEqual(before);
    const [logged] = await db
      .select({ n: count() })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, kylie.userId),
          eq(securityEvents.eventType, "rate_limited"),
          eq(securityEvents.attemptedAction, "send_message_new_account"),
        ),
      );
    expect(logged.n).toBe(1);
  });

  test("a new account's 6th new conversation in a day: 429, no thread; continuing one is not a new one", async () => {
    const kylie = await member("Kylie Nguyen");
    const tom = await member("Tom O'Brien");
    const perDay = MEMBER_LIMITS.start_conversation_new_account.windows[0].limit;
    const listingIds: string[] = [];
    for (let i = 0; i <= perDay; i++) listingIds.push(await createListing(db, tom.userId, { title: `Item ${i + 1}` }));
    for (const id of listingIds.slice(0, perDay)) expect((await ask(id, kylie)).status).toBe(201);

    const before = await stored();
    const refused = await ask(listingIds[perDay], kylie);
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as { error: string }).error).toMatch(
      /^You've reached the limit for new conversations\. You can start another conversation from .+\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    expect((await ask(listingIds[0], kylie)).status).toBe(200);
  });
});

describe("paging", () => {
  test("the inbox: newest first, 20 a page, the cursor brings the rest with no thread twice", async () => {
    const kylie = await member("Kylie Nguyen");
    const start = Date.now() - 3_600_000;
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { conversationId } = await createConversation(db, { askerId: kylie.userId });
      await createMessage(db, { conversationId, senderId: kylie.userId, at: new Date(start + i * 1000) });
      made.push(conversationId);
    }
    const first = await inbox(kylie);
    expect(first.conversations).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await inbox(kylie, `?cursor=${first.nextCursor}`);
    expect(second.conversations).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect([...first.conversations, ...second.conversations].map((c) => c.id)).toEqual(made.reverse());
    // A cursor that is not one of ours is the first page, as on the other lists.
    expect((await inbox(kylie, "?cursor=%27%20or%201=1")).conversations.map((c) => c.id)).toEqual(
      first.conversations.map((c) => c.id),
    );
  });

  test("a thread: the latest 50 oldest first, the cursor pages back, `after` brings the new ones", async () => {
    const { kylie, tom, conversationId } = await askedThread();
    const start = Date.now() - 3_600_000;
    for (let i = 1; i <= 120; i++)
      await createMessage(db, {
        conversationId,
        senderId: i % 2 ? kylie.userId : tom.userId,
        body: `Line ${i}`,
        at: new Date(start + i * 1000),
      });
    const bodies = (page: Page) => page.messages.map((m) => m.body);
    const latest = await thread(conversationId, tom);
    expect(bodies(latest)).toEqual(Array.from({ length: 50 }, (_, i) => `Line ${71 + i}`));
    const older = await thread(conversationId, tom, `?cursor=${latest.nextCursor}`);
    expect(bodies(older)).toEqual(Array.from({ length: 50 }, (_, i) => `Line ${21 + i}`));
    const oldest = await thread(conversationId, tom, `?cursor=${older.nextCursor}`);
    expect(bodies(oldest)).toEqual(Array.from({ length: 20 }, (_, i) => `Line ${1 + i}`));
    expect(oldest.nextCursor).toBeNull();

    const last = latest.messages.at(-1) as Line;
    expect((await thread(conversationId, tom, `?after=${last.seq}`)).messages).toEqual([]);
    await write(conversationId, kylie, "Line 121");
    const fresh = await thread(conversationId, tom, `?after=${last.seq}`);
    expect(bodies(fresh)).toEqual(["Line 121"]);
    expect(fresh.nextCursor).toBeNull();
    const ids = await db
      .select({ id: conversationMessages.id })
      .from(conversationMessages)
      .where(inArray(conversationMessages.conversationId, [conversationId]));
    expect(ids).toHaveLength(121);
  });
});

describe("reporting a message through the API (decision 086)", () => {
  const reportOf = (conversationId: string, messageId: string, who: Member, body: unknown) =>
    send<{ id: string; status: string }>(
      "POST",
      `/conversations/${conversationId}/messages/${messageId}/report`,
      who,
      body,
    );

  test("the other member's message: 201 pending; twice 409; own 403; a stranger 404; after removal both see it gone", async () => {
    const { kylie, tom, conversationId } = await askedThread();
    await write(conversationId, kylie, "Is it still available?");
    const tomsLine = (await write(conversationId, tom, "Pay me by gift card first")).body.message.id;
    const kylies = (await thread(conversationId, kylie)).messages[0].id;

    const reported = await reportOf(conversationId, tomsLine, kylie, { reason: "fraud", notes: "Gift cards" });
    expect(reported).toMatchObject({ status: 201, body: { status: "pending" } });
    await expectRefused(
      () => reportOf(conversationId, tomsLine, kylie, { reason: "spam" }),
      409,
      MESSAGE_ALREADY_REPORTED,
    );
    await expectRefused(() => reportOf(conversationId, kylies, kylie, { reason: "spam" }), 403, OWN_MESSAGE);
    await expectRefused(
      () => reportOf(conversationId, tomsLine, tom, { reason: "nope" }),
      400,
      CHOOSE_A_REASON,
      "reason",
    );
    // A member of neither thread: not found, as for a thread that does not exist; nothing stored.
    const mallory = await member("Mallory Stone");
    await expectRefused(() => reportOf(conversationId, tomsLine, mallory, { reason: "spam" }), 404, THREAD_NOT_FOUND);
    const rows = await db.select().from(moderationReports).where(eq(moderationReports.messageId, tomsLine));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: reported.body.id, subject: "message", reportedBy: kylie.userId });

    const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
    await settleMessageReport(
      { db },
      {
        actor: staffActor(moderator, ["moderator"]),
        reportId: reported.body.id,
        decision: "remove",
        now: new Date(),
        appUrl: "http://localhost:3000",
      },
    );
    for (const who of [kylie, tom]) {
      const line = (await thread(conversationId, who)).messages.find((m) => m.id === tomsLine);
      expect(line).toMatchObject({ body: null, removed: true, removedByStaff: true });
    }
    await expectRefused(
      () => reportOf(conversationId, tomsLine, kylie, { reason: "spam" }),
      409,
      MESSAGE_ALREADY_REMOVED,
    );
  });
});
