import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { dailyFiguresSql } from "./daily-figures-sql";
import type { ReportRange } from "./report-period";
import { firstUnsettledDay, rollUpReportDays } from "./roll-up-report-days";

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
  /** New listings in the period per suburb, most first (ties by name), the first TOP_SUBURBS. */
  suburbs: { suburb: string; state: string; count: number }[];
};

export const TOP_SUBURBS = 10;

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return ("rows" in result ? result.rows : result) as Row[];
}

/**
 * The range's figures: settled days from the daily rollup (rolling up, first, any it lacks), the last few days
 * counted live from the tables. Categories and suburbs are summed over the period in the database.
 * See docs/decisions/060-reports-analytics.md.
 */
export async function findReportFigures(db: Db, range: ReportRange): Promise<ReportFigures> {
  // Settled days are [start, settledEnd); ISO dates sort as strings. The period always ends after today.
  const settledEnd = [range.start, firstUnsettledDay(range.today)].sort()[1];
  await rollUpReportDays(db, { from: range.start, to: settledEnd });

  // One after the other: inside a transaction (the CSV export) there is one connection to run them on.
  const rolled = range.start < settledEnd;
  const rolledDays = rolled
    ? await rows(
        db,
        sql`select day::text as day, metric, value from report_daily
        where metric not in ('category', 'suburb') and day >= ${range.start}::date and day < ${settledEnd}::date`,
      )
    : [];
  const rolledTotals = rolled
    ? await rows(
        db,
        sql`select metric, key, sum(value) as value from report_daily
        where metric in ('category', 'suburb') and day >= ${range.start}::date and day < ${settledEnd}::date group by 1, 2`,
      )
    : [];
  const liveRows = await rows(
    db,
    sql`select day::text as day, metric, key, value from (${dailyFiguresSql(settledEnd, range.end)}) f`,
  );

  const daily = new Map<string, Map<string, number>>();
  const totals = new Map<string, Map<string, number>>();
  const add = (store: Map<string, Map<string, number>>, metric: string, key: string, value: number) => {
    const byKey = store.get(metric) ?? new Map<string, number>();
    byKey.set(key, (byKey.get(key) ?? 0) + value);
    store.set(metric, byKey);
  };
  for (const r of rolledDays) add(daily, String(r.metric), String(r.day), Number(r.value));
  for (const r of rolledTotals) add(totals, String(r.metric), String(r.key), Number(r.value));
  for (const r of liveRows) {
    const metric = String(r.metric);
    if (metric === "category" || metric === "suburb") add(totals, metric, String(r.key), Number(r.value));
    else add(daily, metric, String(r.day), Number(r.value));
  }

  const series = (metric: string) => daily.get(metric) ?? new Map<string, number>();
  const pairs = <A extends string, B extends string>(a: string, b: string, names: [A, B]) => {
    const out = new Map<string, Record<A | B, number>>();
    for (const day of new Set([...series(a).keys(), ...series(b).keys()])) {
      out.set(day, { [names[0]]: series(a).get(day) ?? 0, [names[1]]: series(b).get(day) ?? 0 } as Record<
        A | B,
        number
      >);
    }
    return out;
  };
  const ranked = (metric: string) =>
    [...(totals.get(metric) ?? new Map<string, number>())].filter(([, count]) => count > 0);

  return {
    signUps: series("sign_ups"),
    listings: series("listings"),
    proposals: pairs("proposals", "accepted", ["made", "accepted"]),
    completed: series("completed"),
    revenue: pairs("revenue_payments", "revenue_cents", ["payments", "cents"]),
    refunds: pairs("refund_payments", "refund_cents", ["payments", "cents"]),
    categories: ranked("category")
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
    suburbs: ranked("suburb")
      .map(([key, count]) => {
        const [suburb, state] = key.split("|");
        return { suburb, state: state ?? "", count };
      })
      .sort((a, b) => b.count - a.count || a.suburb.localeCompare(b.suburb) || a.state.localeCompare(b.state))
      .slice(0, TOP_SUBURBS),
  };
}
