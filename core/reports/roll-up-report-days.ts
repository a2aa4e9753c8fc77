import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { addDays } from "./report-period";
import { dailyFiguresSql } from "./daily-figures-sql";

/**
 * A Sydney day is settled, and may be rolled up, once nothing that the charts count for it can still change:
 * proposals expire 48 hours after they are made (so a day's acceptances are known two days after it ends), and a
 * checkout completes within a day. Days from this many days before today on are counted live on every view.
 */
export const SETTLED_AFTER_DAYS = 3;

export function firstUnsettledDay(today: string): string {
  return addDays(today, -SETTLED_AFTER_DAYS);
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) =>
  "rows" in (result as object) ? (result as { rows: Row[] }).rows : (result as Row[]);

/**
 * Rolls up the settled days of [from, to) not rolled up yet: each run of missing days counted in one statement
 * (INSERT ... SELECT, nothing through the app) and marked done in the same transaction. Two views rolling the same
 * days at once write the same rows; the second's conflict changes nothing.
 */
export async function rollUpReportDays(db: Db, { from, to }: { from: string; to: string }): Promise<number> {
  if (from >= to) return 0;
  const missing = rowsOf(
    await db.execute(sql`select d::date::text as day from generate_series(${from}::date, ${to}::date - 1, interval '1 day') as d
      where not exists (select 1 from report_days r where r.day = d::date) order by 1`),
  ).map((r) => String(r.day));
  if (missing.length === 0) return 0;
  const runs: { from: string; to: string }[] = [];
  for (const day of missing) {
    const last = runs.at(-1);
    if (last && last.to === day) last.to = addDays(day, 1);
    else runs.push({ from: day, to: addDays(day, 1) });
  }
  await db.transaction(async (tx) => {
    for (const run of runs) {
      await tx.execute(sql`insert into report_daily (day, metric, key, value) ${dailyFiguresSql(run.from, run.to)}
        on conflict do nothing`);
      await tx.execute(sql`insert into report_days (day)
        select d::date from generate_series(${run.from}::date, ${run.to}::date - 1, interval '1 day') as d on conflict do nothing`);
    }
  });
  return missing.length;
}
