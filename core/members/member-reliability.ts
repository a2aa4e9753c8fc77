import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { LAPSED } from "../payments/lapse-unpaid-swaps";
import { rowsOf } from "../shared/sql-rows";

/**
 * A member's reliability (decision 094), the same figures on their public page and on the back office's Users page:
 * - accepted: their swaps that reached acceptance and are settled (completed, lapsed, cancelled); one still
 *   accepted or arranging is left out until it ends, so a swap in progress never counts against anyone;
 * - completed: of those, the ones completed;
 * - lapses: accepted swaps that lapsed because the fees were not paid while this member had not paid theirs;
 * - noShows: problems of kind no_show reported against them by the other party of their swap (any status);
 * - rate: completed ÷ accepted, null before the first accepted swap.
 */
export type Reliability = { accepted: number; completed: number; lapses: number; noShows: number; rate: number | null };

export async function findReliability(db: Db, memberId: string): Promise<Reliability> {
  const [row] = rowsOf<{ accepted: number; completed: number; lapses: number; no_shows: number }>(
    await db.execute(sql`
      with mine as (
        select id, status, rejection_reason,
          case when proposer_id = ${memberId} then proposer_paid else receiver_paid end as i_paid
        from swap_proposals
        where (proposer_id = ${memberId} or receiver_id = ${memberId}) and accepted_at is not null
      )
      select
        count(*) filter (where status not in ('accepted', 'arranging'))::int as accepted,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'expired' and rejection_reason = ${LAPSED} and not i_paid)::int as lapses,
        (select count(*)::int from swap_problems p join mine m on m.id = p.swap_proposal_id
          where p.kind = 'no_show' and p.reported_by <> ${memberId}) as no_shows
      from mine`),
  );
  const accepted = Number(row?.accepted ?? 0);
  const completed = Number(row?.completed ?? 0);
  return {
    accepted,
    completed,
    lapses: Number(row?.lapses ?? 0),
    noShows: Number(row?.no_shows ?? 0),
    rate: accepted ? completed / accepted : null,
  };
}
