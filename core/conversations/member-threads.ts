import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { conversations } from "#db/schema/conversations.ts";

/**
 * A member's threads with a line in them, newest first, as a subquery of ids: one branch per side of the thread
 * (asker, owner), each read from its own inbox index (conversations_asker_inbox_idx, conversations_owner_inbox_idx)
 * and stopped at `limit`, then merged. A single `asker_id = $1 OR owner_id = $1` reads every thread of the member
 * and sorts them all (2,000 threads: over 100 ms on PGlite, docs/performance.md); this reads `limit` from each.
 * `where` narrows both branches (the inbox's keyset step). Without `limit`, every thread of the member.
 */
export function memberThreadIds(userId: string, options: { where?: SQL; limit?: number } = {}): SQL {
  const { where, limit } = options;
  const side = (member: AnyPgColumn) =>
    sql`(select ${conversations.id} as id, ${conversations.lastMessageAt} as last_message_at from ${conversations}
      where ${member} = ${userId} and ${conversations.lastMessageAt} is not null${where ? sql` and ${where}` : sql``}
      ${limit === undefined ? sql`` : sql`order by ${conversations.lastMessageAt} desc, ${conversations.id} desc limit ${limit}`})`;
  // A member is never on both sides of one thread (conversations_distinct_members_check): no id comes twice.
  return sql`(select mine.id from (${side(conversations.askerId)} union all ${side(conversations.ownerId)}) as mine)`;
}
