import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { PRODUCT_TIME_ZONE } from "../jobs/sydney-time";
import type { ReportRange } from "./report-period";

/** The raw figures behind the Reports page, per Sydney day (sparse: days without rows are absent). */
export type ReportFigures = {
  signUps: Map<string, number>;
  listings: Map<string, number>;
  proposals: Map<string, { made: number; accepted: number }>;
  completed: Map<string, number>;
  revenue: Map<string, { payments: number; cents: number }>;
  refunds: Map<string, { payments: number; cents: number }>;
  /** New listings in the period per category, most first. */
  categories: { category: string; count: number }[];
  /** New listings in the period per suburb, most first (ties by name), the first `topSuburbs`. */
  suburbs: { suburb: string; state: string; count: number }[];
};

export const TOP_SUBURBS = 10;

type Row = Record<string, unknown>;

async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return ("rows" in result ? result.rows : result) as Row[];
}

/** The Sydney calendar day of a timestamp column, as text ("2026-11-25"). */
const sydneyDay = (column: string) => sql.raw(`(${column} at time zone '${PRODUCT_TIME_ZONE}')::date::text`);

/** `column` within the range's Sydney days: plain comparisons on the column, so its index can be used. */
function within(column: string, range: ReportRange): SQL {
  const zone = sql.raw(`'${PRODUCT_TIME_ZONE}'`);
  return sql`${sql.raw(column)} >= (${range.start}::date::timestamp at time zone ${zone})
    and ${sql.raw(column)} < (${range.end}::date::timestamp at time zone ${zone})`;
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * Counts and sums for the range from the real tables, grouped by Sydney day in the database. Each table is read
 * once, through an index on the time column it is grouped by (listings: one index-only scan serving the daily
 * counts, the categories and the suburbs together, by grouping sets). See docs/decisions/060-reports-analytics.md.
 */
export async function findReportFigures(db: Db, range: ReportRange): Promise<ReportFigures> {
  const [signUps, listings, proposals, completed, payments, refunds] = await Promise.all([
    rows(db, sql`select ${sydneyDay("created_at")} as day, count(*)::int as n
      from profiles where ${within("created_at", range)} group by 1`),
    rows(db, sql`select ${sydneyDay("created_at")} as day, category, suburb, state, count(*)::int as n
      from listings where ${within("created_at", range)}
      group by grouping sets ((${sydneyDay("created_at")}), (category), (suburb, state))`),
    rows(db, sql`select ${sydneyDay("created_at")} as day, count(*)::int as made,
        count(*) filter (where accepted_at is not null)::int as accepted
      from swap_proposals where ${within("created_at", range)} group by 1`),
    rows(db, sql`select ${sydneyDay("completed_at")} as day, count(*)::int as n
      from swap_proposals where ${within("completed_at", range)} group by 1`),
    rows(db, sql`select ${sydneyDay("created_at")} as day, count(*)::int as payments,
        coalesce(sum(amount_cents + credit_cents), 0)::bigint as cents
      from payment_logs where ${within("created_at", range)} and status in ('completed', 'refunded') group by 1`),
    rows(db, sql`select ${sydneyDay("refunded_at")} as day, count(*)::int as payments,
        coalesce(sum(amount_cents + credit_cents), 0)::bigint as cents
      from payment_logs where ${within("refunded_at", range)} group by 1`),
  ]);

  const daily = (list: Row[]) => new Map(list.map((r) => [String(r.day), n(r.n)]));
  const listingDays = listings.filter((r) => r.day != null);
  const categories = listings
    .filter((r) => r.category != null)
    .map((r) => ({ category: String(r.category), count: n(r.n) }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
  const suburbs = listings
    .filter((r) => r.suburb != null)
    .map((r) => ({ suburb: String(r.suburb), state: String(r.state), count: n(r.n) }))
    .sort((a, b) => b.count - a.count || a.suburb.localeCompare(b.suburb) || a.state.localeCompare(b.state))
    .slice(0, TOP_SUBURBS);
  return {
    signUps: daily(signUps),
    listings: daily(listingDays),
    proposals: new Map(proposals.map((r) => [String(r.day), { made: n(r.made), accepted: n(r.accepted) }])),
    completed: daily(completed),
    revenue: new Map(payments.map((r) => [String(r.day), { payments: n(r.payments), cents: n(r.cents) }])),
    refunds: new Map(refunds.map((r) => [String(r.day), { payments: n(r.payments), cents: n(r.cents) }])),
    categories,
    suburbs,
  };
}
