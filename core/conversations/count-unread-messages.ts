import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversationReads } from "#db/schema/conversations.ts";
import { rowsOf } from "../shared/sql-rows";

/** The header shows "99+" past this (navbar.tsx); counting further would only cost time on every page. */
export const UNREAD_MESSAGES_CAP = 99;

/**
 * How many lines are waiting for a member across all their threads (the other member's, or nobody's, after their
 * read pointer): the number beside "Messages" in the header, at most UNREAD_MESSAGES_CAP + 1. Only the threads
 * waiting for the member (`conversation_reads.waiting`, its own partial index) are looked inside, so a member with
 * thousands of read threads pays for the few with something new, and the count stops at the cap's line however
 * many threads are waiting (decision 088).
 */
export async function countUnreadMessages(db: Db, { userId }: { userId: string }): Promise<number> {
  const cap = UNREAD_MESSAGES_CAP + 1;
  const [row] = rowsOf(
    await db.execute<{ unread: number }>(sql`
      select count(*)::int as unread from (
        select 1 from ${conversationReads} r
        cross join lateral (
          select 1 from ${conversationMessages} m
          where m.conversation_id = r.conversation_id and m.seq > r.last_read_seq
            and m.sender_id is distinct from ${userId}
          limit ${cap}) waiting_lines
        where r.user_id = ${userId} and r.waiting
        limit ${cap}) counted`),
  );
  return Math.min(Number(row?.unread ?? 0), cap);
}
