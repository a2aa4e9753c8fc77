import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversationReads, conversations } from "#db/schema/conversations.ts";

/**
 * How many lines are waiting for a member across all their threads (the other member's, or nobody's, after their
 * read pointer): the number beside "Messages" in the header. Counted over each thread's index from the pointer on,
 * as the inbox counts a thread's.
 */
export async function countUnreadMessages(db: Db, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum((
        select count(*) from ${conversationMessages} m
        where m.conversation_id = ${conversations.id}
          and m.seq > coalesce(${conversationReads.lastReadSeq}, 0)
          and m.sender_id is distinct from ${userId})), 0)::int`,
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
      ),
    );
  return Number(row?.unread ?? 0);
}
