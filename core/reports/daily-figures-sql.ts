import { type SQL, sql } from "drizzle-orm";
import { PRODUCT_TIME_ZONE } from "../shared/time";

const ZONE = sql.raw(`'${PRODUCT_TIME_ZONE}'`);

/** The Sydney calendar day of a timestamp column. */
const sydneyDay = (column: string) => sql`(${sql.raw(column)} at time zone ${ZONE})::date`;

/** `column` within the Sydney days [from, to): plain comparisons on the column, so its index can be used. */
function within(column: string, from: string, to: string): SQL {
  return sql`${sql.raw(column)} >= (${from}::date::timestamp at time zone ${ZONE})
    and ${sql.raw(column)} < (${to}::date::timestamp at time zone ${ZONE})`;
}

/**
 * The Reports figures of the Sydney days [from, to), counted from the real tables, as rows of
 * (day date, metric text, key text, value bigint): the shape of `report_daily`, so the same SELECT fills the
 * rollup and answers for the days not rolled up yet. Each table is read once through an index on the time column
 * it is counted by (listings: one index-only scan on listings_report_idx for the day, category and suburb counts,
 * by grouping sets). Only non-zero figures are returned.
 */
export function dailyFiguresSql(from: string, to: string): SQL {
  return sql`
    select ${sydneyDay("created_at")} as day, 'sign_ups'::text as metric, ''::text as key, count(*)::bigint as value
      from profiles where ${within("created_at", from, to)} group by 1
    union all
    select d, case when grouping(category) = 0 then 'category' when grouping(suburb) = 0 then 'suburb' else 'listings' end,
        coalesce(category, suburb || '|' || state, ''), count(*)::bigint
      from (select ${sydneyDay("created_at")} as d, category, suburb, state from listings where ${within("created_at", from, to)}) l
      group by grouping sets ((d), (d, category), (d, suburb, state))
    union all
    select x.d, m.metric, '', m.value
      from (select ${sydneyDay("created_at")} as d, count(*)::bigint as made,
              count(*) filter (where accepted_at is not null)::bigint as accepted
            from swap_proposals where ${within("created_at", from, to)} group by 1) x
      cross join lateral (values ('proposals', x.made), ('accepted', x.accepted)) as m(metric, value)
      where m.value > 0
    union all
    select ${sydneyDay("completed_at")}, 'completed', '', count(*)::bigint
      from swap_proposals where ${within("completed_at", from, to)} group by 1
    union all
    select x.d, m.metric, '', m.value
      from (select ${sydneyDay("created_at")} as d, count(*)::bigint as payments,
              sum(amount_cents + credit_cents)::bigint as cents
            from payment_logs where ${within("created_at", from, to)} and status in ('completed', 'refunded') group by 1) x
      cross join lateral (values ('revenue_payments', x.payments), ('revenue_cents', x.cents)) as m(metric, value)
      where m.value > 0
    union all
    select x.d, m.metric, '', m.value
      from (select ${sydneyDay("refunded_at")} as d, count(*)::bigint as payments,
              sum(amount_cents + credit_cents)::bigint as cents
            from payment_logs where ${within("refunded_at", from, to)} group by 1) x
      cross join lateral (values ('refund_payments', x.payments), ('refund_cents', x.cents)) as m(metric, value)
      where m.value > 0`;
}
