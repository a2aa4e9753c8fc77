import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversationReads, conversations } from "#db/schema/conversations.ts";
import { rowsOf } from "../shared/sql-rows";

/** The header shows "99+" past this (navbar.tsx); counting further would only cost time on every page. */
export const UNREAD_MESSAGES_CAP = 99;

/**
 * How many lines are waiting for a member across all their threads (the other member's, or nobody's, after their
 * read pointer): the number beside "Messages" in the header, at most UNREAD_MESSAGES_CAP + 1. Only threads whose
 * latest line is past the member's pointer are looked inside (`last_seq`), so a member with thousands of read
 * threads pays for the few with something new. The member's threads are read side by side from the two inbox
 * indexes (a single `asker_id = $1 OR owner_id = $1` made the planner scan the whole table), and the count stops at
 * the cap's line however many threads are waiting.
 */
export async function countUnreadMessages(db: Db, { userId }: { userId: string }): Promise<number> {
  const cap = UNREAD_MESSAGES_CAP + 1;
  const side = (member: typeof conversations.askerId | typeof conversations.ownerId) =>
    sql`select ${conversations.id} as id, ${conversations.lastSeq} as last_seq from ${conversations}
      where ${member} = ${userId} and ${conversations.lastMessageAt} is not null`;
  const [row] = rowsOf(
    await db.execute<{ unread: number }>(sql`
      select count(*)::int as unread from (
        select 1 from (${side(conversations.askerId)} union all ${side(conversations.ownerId)}) t
        left join ${conversationReads} r on r.conversation_id = t.id and r.user_id = ${userId}
        cross join lateral (
          select 1 from ${conversationMessages} m
          where m.conversation_id = t.id and m.seq > coalesce(r.last_read_seq, 0)
            and m.sender_id is distinct from ${userId}
          limit ${cap}) waiting
        where t.last_seq > coalesce(r.last_read_seq, 0)
        limit ${cap}) counted`),
  );
  return Math.min(Number(row?.unread ?? 0), cap);
}
