import type { Db } from "#db/client.ts";
import type { Channel, ListenFn } from "#db/notifications.ts";
import type { MaskContactDetails } from "#core/conversations/contact-mask.ts";
import { formatCursor, type LiveCursor, noticeAfter, parseCursor } from "#core/live/live-cursor.ts";
import { LIVE_CHANNEL, type LiveChange } from "#core/live/publish-live.ts";
import {
  type LiveLine,
  type LiveNotice,
  readCounts,
  readCursorNow,
  readMissedLines,
  readMissedNotices,
  readNotices,
  readThreadLines,
} from "#core/notifications/live-reads.ts";
import { logger } from "#core/shared/logger.ts";

/** Comment lines this often keep proxies (and the browser) from dropping an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting after a drop (the `retry:` field). */
export const RETRY_MS = 3_000;
/** Open streams one member may hold in this process; a further tab closes their oldest. */
export const MAX_TABS_PER_MEMBER = 10;

/** One open stream: a tab of a signed-in member. */
type Tab = {
  userId: string;
  cursor: LiveCursor;
  write: (text: string) => void;
  end: () => void;
  /** Lines and notices a replay just sent, so the live copy of the same one is not sent twice (until the next beat). */
  replayed: Set<string> | null;
  closed: boolean;
};

export type LiveHub = {
  /**
   * Opens a stream for a member: from `lastEventId` (what the tab had before a drop) the missed lines and notices
   * are replayed first; without one the stream starts from now. The returned stream ends when the tab goes.
   */
  open: (userId: string, lastEventId: string | null | undefined, signal?: AbortSignal) => ReadableStream<Uint8Array>;
  /** Whether notifications are arriving (a process that cannot listen is not ready: /readyz). */
  listening: () => boolean;
  /** Settles once the first attempt to listen has ended. */
  ready: () => Promise<void>;
  /** Open streams in this process. */
  size: () => number;
  close: () => Promise<void>;
};

const encoder = new TextEncoder();

function frame(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * This process's live updates: one LISTEN on the `live` channel (the database's own, delivered at commit), and the
 * open streams of the members signed in here. A change names members and ids; for each member with a stream here,
 * what they may see is read from the database for them, in order (one queue per member), and written to each of
 * their tabs.
 */
export function createLiveHub(deps: { db: Db; listen: ListenFn; mask: MaskContactDetails }): LiveHub {
  const readers = { db: deps.db, mask: deps.mask };
  const tabs = new Map<string, Set<Tab>>();
  const queues = new Map<string, Promise<void>>();
  let channel: Channel | null = null;
  let closed = false;
  let count = 0;

  /** Runs `work` for a member after whatever is already queued for them (each member's events in order). */
  const enqueue = (userId: string, work: () => Promise<void>) => {
    const next = (queues.get(userId) ?? Promise.resolve())
      .then(work)
      .catch((error) => logger.error("live update failed", { error: String(error) }));
    queues.set(userId, next);
    void next.then(() => {
      if (queues.get(userId) === next) queues.delete(userId);
    });
  };

  const tabsOf = (userId: string) => [...(tabs.get(userId) ?? [])].filter((tab) => !tab.closed);

  const sendLine = (tab: Tab, { thread, line }: LiveLine, fromReplay: boolean) => {
    const key = `l${line.seq}`;
    if (!fromReplay && tab.replayed?.has(key)) return;
    if (fromReplay) tab.replayed?.add(key);
    tab.cursor = { ...tab.cursor, seq: Math.max(tab.cursor.seq, line.seq) };
    tab.write(frame("line", { thread, line }, formatCursor(tab.cursor)));
  };

  const sendNotice = (tab: Tab, notice: LiveNotice, fromReplay: boolean) => {
    const key = `n${notice.id}`;
    if (!fromReplay && tab.replayed?.has(key)) return;
    if (fromReplay) tab.replayed?.add(key);
    if (noticeAfter(tab.cursor, notice.at, notice.id)) {
      tab.cursor = { ...tab.cursor, noticeAt: notice.at, noticeId: notice.id };
    }
    tab.write(frame("notice", { id: notice.id, text: notice.text, href: notice.href }, formatCursor(tab.cursor)));
  };

  const sendCounts = async (userId: string, only?: Tab) => {
    const targets = only ? [only] : tabsOf(userId);
    if (targets.length === 0) return;
    const counts = await readCounts(deps.db, userId);
    for (const tab of targets) tab.write(frame("counts", counts));
  };

  /** Sends a tab what its member was given after its cursor, then the counts. */
  const replay = async (tab: Tab) => {
    if (tab.closed) return;
    tab.replayed = new Set();
    const from = tab.cursor;
    for (const line of await readMissedLines(readers, { viewerId: tab.userId, afterSeq: from.seq })) {
      sendLine(tab, line, true);
    }
    for (const notice of await readMissedNotices(deps.db, { userId: tab.userId, cursor: from })) {
      sendNotice(tab, notice, true);
    }
    await sendCounts(tab.userId, tab);
  };

  const deliver = (change: LiveChange) => {
    switch (change.t) {
      case "line":
        for (const userId of new Set(change.to)) {
          if (!tabs.has(userId)) continue;
          enqueue(userId, async () => {
            const lines = await readThreadLines(readers, {
              viewerId: userId,
              conversationId: change.c,
              afterSeq: change.s - 1,
              upToSeq: change.s,
            });
            if (lines.length === 0) return;
            for (const tab of tabsOf(userId)) for (const line of lines) sendLine(tab, line, false);
            await sendCounts(userId);
          });
        }
        return;
      case "read":
        for (const userId of new Set(change.to)) {
          if (!tabs.has(userId)) continue;
          enqueue(userId, async () => {
            // The other member sees "Seen" move; the reader's own tabs see their counts.
            if (userId !== change.u) {
              for (const tab of tabsOf(userId)) tab.write(frame("seen", { thread: change.c, upTo: change.s }));
            }
            await sendCounts(userId);
          });
        }
        return;
      case "notice": {
        const byMember = new Map<string, string[]>();
        for (const [userId, id] of change.n) byMember.set(userId, [...(byMember.get(userId) ?? []), id]);
        for (const [userId, ids] of byMember) {
          if (!tabs.has(userId)) continue;
          enqueue(userId, async () => {
            const notices = await readNotices(deps.db, { userId, ids });
            if (notices.length === 0) return;
            for (const tab of tabsOf(userId)) for (const notice of notices) sendNotice(tab, notice, false);
            await sendCounts(userId);
          });
        }
        return;
      }
      case "notices-read":
        for (const userId of new Set(change.to)) if (tabs.has(userId)) enqueue(userId, () => sendCounts(userId));
        return;
    }
  };

  const onMessage = (payload: string) => {
    let change: LiveChange;
    try {
      change = JSON.parse(payload) as LiveChange;
    } catch {
      return;
    }
    if (change && typeof change === "object") deliver(change);
  };

  const listen = (): Promise<void> =>
    deps
      .listen(LIVE_CHANNEL, {
        message: onMessage,
        lost: () => logger.warn("stopped hearing live updates: open tabs wait until it is back (/readyz says so)"),
        // Whatever was committed while deaf is unknown: every tab is sent what it missed, from its own cursor.
        restored: () => {
          for (const [userId, set] of tabs) for (const tab of set) enqueue(userId, () => replay(tab));
        },
        log: (level, message, fields) => logger[level](message, fields),
      })
      .then(
        (opened) => {
          if (closed) return opened.close();
          channel = opened;
        },
        (error) => {
          logger.warn("could not listen for live updates; retrying (/readyz says not ready)", { error: String(error) });
          if (!closed) setTimeout(() => void listen(), 5_000).unref();
        },
      );
  const opening = listen();

  const heartbeat = setInterval(() => {
    for (const set of tabs.values()) {
      for (const tab of set) {
        tab.replayed = null;
        tab.write(": \n\n");
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const detach = (tab: Tab) => {
    if (tab.closed) return;
    tab.closed = true;
    count--;
    const set = tabs.get(tab.userId);
    set?.delete(tab);
    if (set && set.size === 0) tabs.delete(tab.userId);
  };

  return {
    open: (userId, lastEventId, signal) => {
      let tab: Tab | null = null;
      return new ReadableStream<Uint8Array>({
        start: (controller) => {
          const started: Tab = {
            userId,
            cursor: { seq: 0, noticeAt: 0, noticeId: "" },
            write: (text) => {
              if (started.closed) return;
              try {
                controller.enqueue(encoder.encode(text));
              } catch {
                detach(started);
              }
            },
            end: () => {
              detach(started);
              try {
                controller.close();
              } catch {}
            },
            replayed: null,
            closed: false,
          };
          tab = started;
          const set = tabs.get(userId) ?? new Set<Tab>();
          tabs.set(userId, set);
          set.add(started);
          count++;
          // A member opening tab after tab: their oldest goes (its browser reconnects it if it is still open).
          if (set.size > MAX_TABS_PER_MEMBER) [...set][0].end();
          signal?.addEventListener("abort", () => detach(started), { once: true });
          started.write(`retry: ${RETRY_MS}\n: live updates for this tab\n\n`);
          const resumeFrom = parseCursor(lastEventId);
          enqueue(userId, async () => {
            if (resumeFrom) {
              started.cursor = resumeFrom;
              await replay(started);
            } else {
              started.cursor = await readCursorNow(deps.db, userId);
              started.write(frame("ready", {}, formatCursor(started.cursor)));
              await sendCounts(userId, started);
            }
          });
        },
        cancel: () => {
          if (tab) detach(tab);
        },
      });
    },
    listening: () => channel?.listening() ?? false,
    ready: () => opening,
    size: () => count,
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      for (const set of [...tabs.values()]) for (const tab of [...set]) tab.end();
      await channel?.close();
    },
  };
}
