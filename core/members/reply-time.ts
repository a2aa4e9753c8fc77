import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowsOf } from "../shared/sql-rows";

/** The window: the member's latest replies, at most this many (of their latest messages, at most SCANNED). */
export const REPLY_WINDOW = 100;
const SCANNED = 300;
/** Fewer replies than this say nothing about a member: no figure is shown. */
export const MIN_REPLIES = 3;

/**
 * How long a member usually takes to answer in conversations (decision 094), for their page and the back office: the
 * median time between a message from the other member and this member's next line, over their latest 100 such
 * replies (among their latest 300 messages, so the cost is bounded however much they write). A line of the deal
 * (proposal, payment) is not a message; a member's second line in a row is not a reply. Null with fewer than 3
 * replies. In hours.
 */
export async function findMedianReplyHours(db: Db, memberId: string): Promise<number | null> {
  const [row] = rowsOf<{ replies: number; median_seconds: number | null }>(
    await db.execute(sql`
      with latest as (
        select m.conversation_id, m.seq, m.created_at from conversation_messages m
        where m.sender_id = ${memberId} and m.kind = 'text'
        order by m.seq desc limit ${SCANNED}
      ), replies as (
        select extract(epoch from (l.created_at - prev.created_at)) as seconds, l.seq
        from latest l
        cross join lateral (
          select p.sender_id, p.kind, p.created_at from conversation_messages p
          where p.conversation_id = l.conversation_id and p.seq < l.seq
          order by p.seq desc limit 1
        ) prev
        where prev.kind = 'text' and prev.sender_id is not null and prev.sender_id <> ${memberId}
        order by l.seq desc limit ${REPLY_WINDOW}
      )
      select count(*)::int as replies,
        percentile_cont(0.5) within group (order by seconds) as median_seconds
      from replies`),
  );
  if (!row || Number(row.replies) < MIN_REPLIES || row.median_seconds == null) return null;
  return Number(row.median_seconds) / 3600;
}

/** "Usually replies within 3 hours": the median rounded up to whole hours (at least one), or a day count past 48. */
export function describeReplyTime(hours: number | null): string | null {
  if (hours == null) return null;
  if (hours <= 48) {
    const whole = Math.max(1, Math.ceil(hours));
    return `Usually replies within ${whole} ${whole === 1 ? "hour" : "hours"}`;
  }
  const days = Math.ceil(hours / 24);
  return `Usually replies within ${days} days`;
}
