import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { notifications } from "#db/schema/notifications.ts";
import type { MaskContactDetails } from "../conversations/contact-mask";
import { countUnreadMessages } from "../conversations/count-unread-messages";
import { findThread } from "../conversations/find-thread";
import type { ThreadLine } from "../conversations/thread-line";
import { isAppError } from "../shared/app-error";
import { countUnreadNotifications } from "./count-unread-notifications";
import { describeNotice } from "./notification-kinds";
import type { LiveCursor } from "../live/live-cursor";

// What a member's open tabs are sent, read from the database for that member (never from the NOTIFY payload, which
// carries ids only): thread lines masked for them exactly as the thread page masks them (findThread), notices as
// the notification centre words them, and the two counts the header shows.

export type LiveLine = { thread: string; line: ThreadLine };
export type LiveNotice = { id: string; at: number; text: string; href: string };
export type LiveCounts = { notices: number; messages: number };

/** Most lines and notices one resume replays; a tab away longer reads the pages again anyway. */
export const REPLAY_LIMIT = 200;

/** A notice's created_at in microseconds, its place in the notices' order. */
const noticeMicros = sql<string>`floor(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint`;

type Deps = { db: Db; mask: MaskContactDetails };

/**
 * Lines of one thread after `afterSeq` (up to `upToSeq` when given) as `viewerId` sees them; none when the viewer
 * is not one of its members, and none from the other member while either has blocked the other.
 */
export async function readThreadLines(
  deps: Deps,
  {
    viewerId,
    conversationId,
    afterSeq,
    upToSeq,
  }: { viewerId: string; conversationId: string; afterSeq: number; upToSeq?: number },
): Promise<LiveLine[]> {
  const page = await findThread(deps, {
    conversationId,
    viewerId,
    after: String(Math.max(afterSeq, 0)),
    limit: upToSeq === undefined ? 100 : Math.min(Math.max(upToSeq - afterSeq, 1), 100),
  }).catch((error) => {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  });
  if (!page) return [];
  return page.lines
    .filter((line) => upToSeq === undefined || line.seq <= upToSeq)
    .filter((line) => !(page.thread.blocked && line.senderId === page.thread.other.id))
    .map((line) => ({ thread: page.thread.id, line }));
}

/** The lines a member missed since `afterSeq`, in every thread of theirs, oldest first (at most REPLAY_LIMIT). */
export async function readMissedLines(deps: Deps, { viewerId, afterSeq }: { viewerId: string; afterSeq: number }) {
  const threads = await deps.db
    .select({ id: conversationMessages.conversationId })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        or(eq(conversations.askerId, viewerId), eq(conversations.ownerId, viewerId)),
        gt(conversations.lastSeq, afterSeq),
        gt(conversationMessages.seq, afterSeq),
      ),
    )
    .groupBy(conversationMessages.conversationId)
    .limit(REPLAY_LIMIT);
  const lines: LiveLine[] = [];
  for (const { id } of threads) {
    lines.push(...(await readThreadLines(deps, { viewerId, conversationId: id, afterSeq })));
  }
  return lines.sort((a, b) => a.line.seq - b.line.seq).slice(0, REPLAY_LIMIT);
}

function liveNotice(row: { id: string; at: string; kind: string; payload: unknown }): LiveNotice | null {
  const described = describeNotice(row.kind, row.payload);
  return described ? { id: row.id, at: Number(row.at), ...described } : null;
}

/** The member's own notices among `ids` (anyone else's are not theirs to hear of). */
export async function readNotices(db: Db, { userId, ids }: { userId: string; ids: string[] }): Promise<LiveNotice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: notifications.id, at: noticeMicros, kind: notifications.kind, payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.flatMap((row) => liveNotice(row) ?? []);
}

/** The notices a member was given after the cursor's, oldest first (at most REPLAY_LIMIT). */
export async function readMissedNotices(db: Db, { userId, cursor }: { userId: string; cursor: LiveCursor }) {
  const rows = await db
    .select({ id: notifications.id, at: noticeMicros, kind: notifications.kind, payload: notifications.payload })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`(${noticeMicros}, ${notifications.id}) > (${cursor.noticeAt}::bigint, ${cursor.noticeId || "00000000-0000-0000-0000-000000000000"}::uuid)`,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(REPLAY_LIMIT);
  return rows.flatMap((row) => liveNotice(row) ?? []);
}

/** The bell's and the Messages count, as the header reads them. */
export async function readCounts(db: Db, userId: string): Promise<LiveCounts> {
  const [notices, messages] = [await countUnreadNotifications(db, userId), await countUnreadMessages(db, { userId })];
  return { notices, messages };
}

/** Where a new stream starts: after the member's latest line and newest notice. */
export async function readCursorNow(db: Db, userId: string): Promise<LiveCursor> {
  const [thread] = await db
    .select({ seq: sql<string>`coalesce(max(${conversations.lastSeq}), 0)` })
    .from(conversations)
    .where(or(eq(conversations.askerId, userId), eq(conversations.ownerId, userId)));
  const [notice] = await db
    .select({ id: notifications.id, at: noticeMicros })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return { seq: Number(thread?.seq ?? 0), noticeAt: Number(notice?.at ?? 0), noticeId: notice?.id ?? "" };
}
