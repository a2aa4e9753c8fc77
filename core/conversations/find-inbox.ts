import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversations, type ThreadEventKind } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { afterRow, cursorId, pageOf } from "../shared/keyset-cursor";
import { contactDetailsUnlocked, type MaskContactDetails, textForViewer } from "./contact-mask";
import { memberThreadIds } from "./member-threads";
import {
  memberAvatarUrl,
  memberName,
  otherMemberId,
  otherProfile,
  otherUser,
  type ThreadListing,
  threadListing,
  threadListingColumns,
} from "./thread-columns";

export type InboxThread = {
  id: string;
  listing: ThreadListing;
  other: { id: string; name: string; avatarUrl: string | null };
  lastMessageAt: Date;
  /** The thread's last line as this member may see it. */
  lastLine: {
    mine: boolean;
    body: string | null;
    masked: boolean;
    removed: boolean;
    eventKind: ThreadEventKind | null;
    /** An event line's facts (an arranging step names itself here). */
    eventPayload: Record<string, unknown>;
    /** How many pictures it carries (a message may be pictures only: then `body` is null). */
    pictures: number;
  } | null;
  /** Lines from the other member (or nobody) after the last one this member read. */
  unread: number;
};

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/**
 * A member's threads, the latest line first, a page at a time (keyset on last_message_at and id, as the other
 * lists): each with its listing, the other member, the last line masked for this member, and the unread count. A
 * thread opened and never written in is in nobody's inbox.
 */
export async function findInbox(
  deps: { db: Db; mask: MaskContactDetails },
  { userId, cursor, limit = DEFAULT_LIMIT }: { userId: string; cursor?: string | null; limit?: number },
): Promise<{ threads: InboxThread[]; nextCursor: string | null }> {
  const { db } = deps;
  const size = Math.min(Math.max(Math.trunc(limit), 1), MAX_LIMIT);
  const otherId = otherMemberId(conversations, userId);
  const after = afterRow(
    conversations,
    { createdAt: conversations.lastMessageAt, id: conversations.id },
    cursorId(cursor),
  );
  const rows = await db
    .select({
      id: conversations.id,
      ...threadListingColumns,
      lastMessageAt: conversations.lastMessageAt,
      otherId,
      otherName: memberName(otherUser, otherProfile),
      otherAvatarUrl: memberAvatarUrl(otherProfile),
      unlocked: contactDetailsUnlocked(),
      // Counted over the thread's index from the member's read pointer on, never over the whole thread.
      unread: sql<number>`(
        select count(*)::int from ${conversationMessages} m
        where m.conversation_id = ${conversations.id}
          and m.seq > coalesce((select r.last_read_seq from conversation_reads r
                                where r.conversation_id = ${conversations.id} and r.user_id = ${userId}), 0)
          and m.sender_id is distinct from ${userId})`,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(swapProposals, eq(swapProposals.id, conversations.swapId))
    .leftJoin(otherUser, eq(otherUser.id, otherId))
    .leftJoin(otherProfile, eq(otherProfile.userId, otherId))
    .where(
      and(
        // The page's threads, read from both sides' inbox indexes (member-threads.ts), then joined.
        sql`${conversations.id} in ${memberThreadIds(userId, { where: after, limit: size + 1 })}`,
        after,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(size + 1);
  const { page, nextCursor } = pageOf(rows, size);
  const lastLines = await findLastLines(
    db,
    page.map((t) => t.id),
  );

  return {
    threads: page.map((row) => {
      const line = lastLines.get(row.id);
      return {
        id: row.id,
        listing: threadListing(row),
        other: { id: row.otherId, name: row.otherName, avatarUrl: row.otherAvatarUrl ?? null },
        lastMessageAt: row.lastMessageAt as Date,
        lastLine: line
          ? {
              mine: line.senderId === userId,
              ...textForViewer(deps.mask, line, { viewerId: userId, unlocked: Boolean(row.unlocked) }),
              removed: line.removedAt !== null,
              eventKind: line.eventKind,
              eventPayload: line.eventPayload ?? {},
              pictures: Number(line.pictures),
            }
          : null,
        unread: Number(row.unread),
      };
    }),
    nextCursor,
  };
}

type LastLine = {
  conversationId: string;
  senderId: string | null;
  body: string | null;
  removedAt: Date | null;
  eventKind: ThreadEventKind | null;
  eventPayload: Record<string, unknown> | null;
  pictures: number;
};

/**
 * Each thread's last line: the line at the thread's `last_seq` (kept by every use case that writes a line, in its
 * transaction), one primary-key and one unique-index probe per thread. (A max(seq) per line read every line of the
 * page's threads: 500 for 20 threads of 25.)
 */
async function findLastLines(db: Db, threadIds: string[]): Promise<Map<string, LastLine>> {
  if (threadIds.length === 0) return new Map();
  const lines = await db
    .select({
      conversationId: conversationMessages.conversationId,
      senderId: conversationMessages.senderId,
      body: conversationMessages.body,
      removedAt: conversationMessages.removedAt,
      eventKind: conversationMessages.eventKind,
      eventPayload: conversationMessages.eventPayload,
      pictures: sql<number>`jsonb_array_length(${conversationMessages.pictures})`,
    })
    .from(conversations)
    .innerJoin(
      conversationMessages,
      and(
        eq(conversationMessages.conversationId, conversations.id),
        eq(conversationMessages.seq, conversations.lastSeq),
      ),
    )
    .where(inArray(conversations.id, threadIds));
  return new Map(lines.map((line) => [line.conversationId, line]));
}
