import { and, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversationReads, conversations } from "#db/schema/conversations.ts";

/** The header shows "99+" past this (navbar.tsx); counting further would only cost time on every page. */
export const UNREAD_MESSAGES_CAP = 99;

/**
 * How many lines are waiting for a member across all their threads (the other member's, or nobody's, after their
 * read pointer): the number beside "Messages" in the header, at most UNREAD_MESSAGES_CAP. Only threads whose
 * latest line is past the member's pointer are looked inside (`last_seq`), so a member with thousands of read
 * threads pays for the few with something new.
 */
export async function countUnreadMessages(db: Db, { userId }: { userId: string }): Promise<number> {
  const readUpTo = sql`coalesce(${conversationReads.lastReadSeq}, 0)`;
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum((
        select count(*) from (
          select 1 from ${conversationMessages} m
          where m.conversation_id = ${conversations.id}
            and m.seq > ${readUpTo}
            and m.sender_id is distinct from ${userId}
          limit ${UNREAD_MESSAGES_CAP + 1}) waiting)), 0)::int`,
    })
    .from(conversations)
    .leftJoin(
      conversationReads,
      and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, userId)),
    )
    .where(
      and(
        or(eq(conversations.askerId, userId), eq(conversations.ownerId, userId)),
        isNotNull(conversations.lastMessageAt),
        gt(conversations.lastSeq, readUpTo),
      ),
    );
  return Math.min(Number(row?.unread ?? 0), UNREAD_MESSAGES_CAP + 1);
}
