// Live updates (issue 26, decision 084): what each member's open streams are sent when a line, a read or a notice
// is committed, read for that member (masked as the thread page masks it), resumed exactly from Last-Event-ID, and
// the /live route and /readyz around it.
import { afterAll, describe, expect, test } from "vitest";
import { blockMember } from "#core/conversations/block-member.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { markThreadRead } from "#core/conversations/mark-thread-read.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { publishLive } from "#core/live/publish-live.ts";
import { markAllNotificationsRead } from "#core/notifications/mark-all-notifications-read.ts";
import type { ChannelHandlers, ListenFn } from "#db/notifications.ts";
import { createLiveHub, type LiveHub } from "#server/live/live-hub.ts";
import { signUpMember } from "../support/api-factories";
import { createListing, createMember } from "../support/factories";
import { createTestApp } from "../support/test-app";
import { controlledClock, HOUR } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const clock = controlledClock(new Date());
const deps = { db, clock, mask: maskContactDetails };
const hub = createLiveHub({ db, listen: handle.listen, mask: maskContactDetails });
await hub.ready();
afterAll(async () => {
  await hub.close();
  await closeTestDatabase(handle);
});

type Frame = { id?: string; event: string; data: Record<string, unknown> };

/** Reads a stream's events as a browser's EventSource would (comments and `retry:` are not events). */
function watch(stream: ReadableStream<Uint8Array>) {
  const frames: Frame[] = [];
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let raw = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      const text = decoder.decode(value, { stream: true });
      raw += text;
      buffer += text;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: Partial<Frame> = {};
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) frame.id = line.slice(4);
          else if (line.startsWith("event: ")) frame.event = line.slice(7);
          else if (line.startsWith("data: ")) frame.data = JSON.parse(line.slice(6));
        }
        if (frame.event) frames.push(frame as Frame);
      }
    }
  })();
  const until = async (what: string, done: (frames: Frame[]) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done(frames)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    frames,
    raw: () => raw,
    of: (event: string) => frames.filter((f) => f.event === event),
    until,
    /** The id of the latest event that carried one (what the browser would send back as Last-Event-ID). */
    lastId: () => frames.filter((f) => f.id).at(-1)?.id,
    close: () => reader.cancel(),
  };
}

/** Lets the queued reads for every member run (nothing more is coming when this resolves twice in a row). */
const settle = () => new Promise((r) => setTimeout(r, 150));

async function thread() {
  const owner = await createMember(db, { name: "Olive Owner", joinedAt: new Date(Date.now() - 90 * 24 * HOUR) });
  const asker = await createMember(db, { name: "Arlo Asker", joinedAt: new Date(Date.now() - 90 * 24 * HOUR) });
  const listingId = await createListing(db, owner.id, { title: "Stihl chainsaw" });
  const { id } = await askAboutListing(deps, { listingId, askerId: asker.id });
  return { owner, asker, conversationId: id };
}

async function opened(h: LiveHub, userId: string, lastEventId?: string) {
  const stream = watch(h.open(userId, lastEventId));
  await stream.until("the stream to start", (f) => f.some((x) => x.event === "counts"));
  return stream;
}

describe("a line sent in a thread", () => {
  test("reaches both members' open tabs at commit, masked for the other member and not for the sender", async () => {
    const { owner, asker, conversationId } = await thread();
    const ownerTab = await opened(hub, owner.id);
    const askerTab = await opened(hub, asker.id);
    const sent = await sendMessage(deps, { conversationId, senderId: asker.id, body: "Call me on 0412 345 678" });

    await ownerTab.until("the owner's line", (f) => f.some((x) => x.event === "line"));
    const [ownerLine] = ownerTab.of("line");
    const seen = ownerLine.data as {
      thread: string;
      line: { seq: number; body: string; masked: boolean; mine: boolean };
    };
    expect(seen.thread).toBe(conversationId);
    expect(seen.line.seq).toBe(sent.seq);
    expect(seen.line.mine).toBe(false);
    expect(seen.line.masked).toBe(true);
    expect(seen.line.body).not.toContain("0412");
    expect(ownerTab.raw()).not.toContain("345 678");
    expect(ownerLine.id).toMatch(new RegExp(`^${sent.seq}\\.`));
    // Its counts come with it: one unread line for the owner.
    await ownerTab.until("the owner's counts", (f) => f.filter((x) => x.event === "counts").length >= 2);
    expect(ownerTab.of("counts").at(-1)?.data).toEqual({ notices: 0, messages: 1 });

    await askerTab.until("the asker's own line", (f) => f.some((x) => x.event === "line"));
    const mine = askerTab.of("line")[0].data as { line: { body: string; masked: boolean; mine: boolean } };
    expect(mine.line).toMatchObject({ body: "Call me on 0412 345 678", masked: false, mine: true });
    await ownerTab.close();
    await askerTab.close();
  });

  test("a member never receives another member's lines, notices or reads", async () => {
    const { owner, asker, conversationId } = await thread();
    const stranger = await createMember(db, { name: "Sam Stranger" });
    const strangerTab = await opened(hub, stranger.id);
    const ownerTab = await opened(hub, owner.id);
    await sendMessage(deps, { conversationId, senderId: asker.id, body: "Still available?" });
    await dispatchEvents({ db, appUrl: "http://localhost:3000" });
    await markThreadRead(deps, { conversationId, userId: owner.id });
    // Even a change that names the stranger gets them nothing from a thread that is not theirs.
    await publishLive(db, { t: "line", to: [stranger.id], c: conversationId, s: 1 });
    await ownerTab.until("the owner's notice", (f) => f.some((x) => x.event === "notice"));
    // A change that is the stranger's own comes after all that on the channel and in their queue: once its counts
    // are there, anything the others' changes would have sent them would be there too.
    await publishLive(db, { t: "notices-read", to: [stranger.id] });
    await strangerTab.until("the stranger's own change", (f) => f.filter((x) => x.event === "counts").length === 2);
    await settle();
    expect(strangerTab.frames.map((f) => f.event)).toEqual(["ready", "counts", "counts"]);
    await strangerTab.close();
    await ownerTab.close();
  });

  test("between a blocked pair, nothing from the other member reaches a tab", async () => {
    const { owner, asker, conversationId } = await thread();
    const sent = await sendMessage(deps, { conversationId, senderId: asker.id, body: "Before the block" });
    await blockMember(deps, { blockerId: owner.id, blockedId: asker.id });
    const ownerTab = await opened(hub, owner.id);
    // Published again (as a redelivered change would be): the blocked member's line is not sent.
    await publishLive(db, { t: "line", to: [owner.id, asker.id], c: conversationId, s: sent.seq });
    // The owner's own change after it: once its counts arrive, the line would have been there before them.
    await publishLive(db, { t: "notices-read", to: [owner.id] });
    await ownerTab.until("the owner's own change", (f) => f.filter((x) => x.event === "counts").length === 2);
    expect(ownerTab.of("line")).toEqual([]);
    // Nor on a resume from before it.
    const resumed = await opened(hub, owner.id, `${sent.seq - 1}.0.`);
    await settle();
    expect(resumed.of("line")).toEqual([]);
    await ownerTab.close();
    await resumed.close();
  });

  test("a read moves the other member's Seen and the reader's count, once", async () => {
    const { owner, asker, conversationId } = await thread();
    const sent = await sendMessage(deps, { conversationId, senderId: asker.id, body: "Saturday?" });
    const askerTab = await opened(hub, asker.id);
    const ownerTab = await opened(hub, owner.id);
    expect(ownerTab.of("counts")[0].data).toEqual({ notices: 0, messages: 1 });
    await markThreadRead(deps, { conversationId, userId: owner.id });
    await askerTab.until("Seen", (f) => f.some((x) => x.event === "seen"));
    expect(askerTab.of("seen")[0].data).toEqual({ thread: conversationId, upTo: sent.seq });
    await ownerTab.until("the owner's new count", (f) => f.filter((x) => x.event === "counts").length >= 2);
    expect(ownerTab.of("counts").at(-1)?.data).toEqual({ notices: 0, messages: 0 });
    // Reading again changes nothing and says nothing (a page read again on a live update starts no round of them).
    await markThreadRead(deps, { conversationId, userId: owner.id });
    await settle();
    expect(askerTab.of("seen")).toHaveLength(1);
    await askerTab.close();
    await ownerTab.close();
  });
});

describe("notices", () => {
  test("a notice reaches its member's bell with its words and link; marking all read clears the count", async () => {
    const { owner, asker, conversationId } = await thread();
    const ownerTab = await opened(hub, owner.id);
    await sendMessage(deps, { conversationId, senderId: asker.id, body: "Hello" });
    await dispatchEvents({ db, appUrl: "http://localhost:3000" });
    await ownerTab.until("the notice", (f) => f.some((x) => x.event === "notice"));
    const notice = ownerTab.of("notice")[0].data as { text: string; href: string };
    expect(notice.text).toContain("Arlo Asker");
    expect(notice.href).toBe(`/messages/${conversationId}`);
    await ownerTab.until("the bell's count", (f) => f.some((x) => x.event === "counts" && x.data.notices === 1));
    await markAllNotificationsRead(deps, { userId: owner.id });
    await ownerTab.until("the bell at none", (f) => f.at(-1)?.event === "counts" && f.at(-1)?.data.notices === 0);
    await ownerTab.close();
  });
});

describe("resuming with Last-Event-ID", () => {
  test("replays exactly the lines and notices missed since the id, each once, masked for the member", async () => {
    const { owner, asker, conversationId } = await thread();
    const first = await opened(hub, owner.id);
    await sendMessage(deps, { conversationId, senderId: asker.id, body: "Seen this one" });
    await first.until("the first line", (f) => f.some((x) => x.event === "line"));
    const lastId = first.lastId();
    await first.close();
    await settle();

    // While the tab is away: two lines (one with a phone number) and their notices.
    const a = await sendMessage(deps, { conversationId, senderId: asker.id, body: "Ring 0412 345 678" });
    const b = await sendMessage(deps, { conversationId, senderId: owner.id, body: "Will do" });
    await dispatchEvents({ db, appUrl: "http://localhost:3000" });

    const resumed = await opened(hub, owner.id, lastId);
    const lines = resumed.of("line").map((f) => f.data as { line: { seq: number; body: string; mine: boolean } });
    expect(lines.map((l) => l.line.seq)).toEqual([a.seq, b.seq]);
    expect(lines[0].line.body).not.toContain("0412");
    expect(lines[1].line.mine).toBe(true);
    // The notice of the line seen before the drop was given after it, so it is missed too; then the later one.
    expect(resumed.of("notice").length).toBeGreaterThanOrEqual(1);
    const noticeIds = resumed.of("notice").map((f) => f.data.id);
    expect(new Set(noticeIds).size).toBe(noticeIds.length);

    // Resumed again from its own latest id: nothing is sent twice.
    const again = await opened(hub, owner.id, resumed.lastId());
    expect(again.of("line")).toEqual([]);
    expect(again.of("notice")).toEqual([]);
    await resumed.close();
    await again.close();
  });

  test("an id this server never wrote starts the stream from now", async () => {
    const { owner } = await thread();
    const tab = await opened(hub, owner.id, "not-an-id");
    expect(tab.frames.map((f) => f.event)).toEqual(["ready", "counts"]);
    await tab.close();
  });
});

/** A listener the test can take down and bring back, as a dropped PostgreSQL connection would. */
function controllableListen(): { listen: ListenFn; drop: () => void; restore: () => void } {
  let handlers: ChannelHandlers | null = null;
  let up = true;
  const listen: ListenFn = async (channel, h) => {
    handlers = h;
    const inner = await handle.listen(channel, { ...h, message: (p) => up && h.message(p) });
    return { ...inner, listening: () => up && inner.listening() };
  };
  return {
    listen,
    drop: () => {
      up = false;
      handlers?.lost();
    },
    restore: () => {
      up = true;
      handlers?.restored();
    },
  };
}

describe("GET /live and /readyz", () => {
  test("a visitor gets 401 and no stream", async () => {
    const { app, liveHub } = createTestApp(handle, { live: true });
    const res = await app.request("/live");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).not.toContain("event-stream");
    await liveHub?.close();
  });

  test("a member gets an uncompressed, uncached event stream", async () => {
    const testApp = createTestApp(handle, { live: true });
    await testApp.liveHub?.ready();
    const member = await signUpMember(testApp);
    const res = await testApp.app.request("/live", {
      headers: { cookie: member.cookie, "accept-encoding": "gzip, br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const tab = watch(res.body as ReadableStream<Uint8Array>);
    await tab.until("the first events", (f) => f.some((x) => x.event === "counts"));
    expect(tab.raw()).toMatch(/^retry: \d+\n/);
    expect(tab.frames[0].id).toMatch(/^\d+\.\d+\.$/);
    await tab.close();
    await testApp.liveHub?.close();
  });

  test("/readyz says not ready while the listener is lost, and ready again once it is back; tabs resync", async () => {
    const control = controllableListen();
    const testApp = createTestApp(handle, { live: { listen: control.listen } });
    await testApp.liveHub?.ready();
    expect((await testApp.app.request("/readyz")).status).toBe(200);

    const { owner, asker, conversationId } = await thread();
    const tab = await opened(testApp.liveHub as LiveHub, owner.id);
    control.drop();
    const down = await testApp.app.request("/readyz");
    expect(down.status).toBe(503);
    expect(await down.text()).toBe("not ready: not listening for live updates");

    // Sent while this process hears nothing: the tab gets it once listening is restored.
    const missed = await sendMessage(deps, { conversationId, senderId: asker.id, body: "While you were away" });
    await settle();
    expect(tab.of("line")).toEqual([]);
    control.restore();
    expect((await testApp.app.request("/readyz")).status).toBe(200);
    await tab.until("the missed line", (f) => f.some((x) => x.event === "line"));
    expect((tab.of("line")[0].data as { line: { seq: number } }).line.seq).toBe(missed.seq);
    await tab.close();
    await testApp.liveHub?.close();
  });
});
