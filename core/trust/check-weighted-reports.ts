import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowsOf } from "../shared/sql-rows";
import { raiseSignal } from "./raise-signal";
import { REPORT_WEIGHT_THRESHOLD, reportsScore } from "./signal-rules";

export type ReporterStanding = {
  ageDays: number;
  emailConfirmed: boolean;
  completedSwaps: number;
  upheld: number;
  rejected: number;
};

/**
 * How much one reporter's word weighs (0.1 to 1.5): a new, unconfirmed account with nothing behind it counts for
 * little (it costs a scammer's rival nothing to make one); an established member whose past reports staff upheld
 * counts for more; one whose reports staff kept rejecting counts for less.
 */
export function reporterWeight(s: ReporterStanding): number {
  let weight = 0.4;
  if (s.ageDays >= 30) weight += 0.2;
  if (s.emailConfirmed) weight += 0.2;
  if (s.completedSwaps > 0) weight += 0.2;
  const decided = s.upheld + s.rejected;
  if (decided > 0) weight += (0.5 * (s.upheld - s.rejected)) / decided;
  return Math.round(Math.max(0.1, Math.min(1.5, weight)) * 100) / 100;
}

type Row = ReporterStanding & { reporterId: string };

/**
 * In the transaction of a report on the member's listing or message: every member who has an open or upheld report
 * against them (rejected ones do not count) weighs by their standing, once each; when the weights add up to
 * REPORT_WEIGHT_THRESHOLD, one signal per member (later reports update it).
 */
export async function checkWeightedReports(tx: Db, { memberId, now }: { memberId: string; now: Date }) {
  const result = await tx.execute<Row>(sql`
    with against as (
      select distinct r.reported_by as reporter_id from moderation_reports r
      left join listings l on l.id = r.listing_id
      left join conversation_messages m on m.id = r.message_id
      where r.status <> 'rejected' and r.reported_by is not null and r.reported_by <> ${memberId}
        and (l.user_id = ${memberId} or m.sender_id = ${memberId})
    )
    select a.reporter_id as "reporterId",
      greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - u.created_at)) / 86400)::int as "ageDays",
      u.email_verified as "emailConfirmed",
      (select count(*)::int from swap_proposals s where s.status = 'completed'
        and (s.proposer_id = a.reporter_id or s.receiver_id = a.reporter_id)) as "completedSwaps",
      (select count(*)::int from moderation_reports p where p.reported_by = a.reporter_id
        and p.status in ('approved', 'takedown')) as upheld,
      (select count(*)::int from moderation_reports p where p.reported_by = a.reporter_id
        and p.status = 'rejected') as rejected
    from against a join users u on u.id = a.reporter_id`);
  const reporters = rowsOf<Row>(result);
  const weights = reporters.map((r) => ({ id: r.reporterId, weight: reporterWeight(r) }));
  const total = Math.round(weights.reduce((sum, w) => sum + w.weight, 0) * 100) / 100;
  if (total < REPORT_WEIGHT_THRESHOLD) return null;
  return raiseSignal(tx, {
    kind: "weighted_reports",
    userId: memberId,
    score: reportsScore(total),
    explanation: `Reported by ${reporters.length} members whose standing (account age, confirmed e-mail, completed swaps, past reports upheld) weighs ${total.toFixed(2)} together, over the threshold of ${REPORT_WEIGHT_THRESHOLD}.`,
    details: { reporters: reporters.length, weight: total, weights: weights.slice(0, 20) },
    dedupeKey: `weighted_reports:${memberId}`,
    holds: "member",
    now,
  });
}
