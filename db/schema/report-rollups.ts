// The Reports page's daily rollup: the figures of each settled Sydney day, counted once and kept, so a year of
// charts reads a few thousand small rows instead of every listing (docs/decisions/060-reports-analytics.md).
import { sql } from "drizzle-orm";
import { bigint, check, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { inList, tstz } from "./columns";

/** What a rollup row counts. `key` is '' except for category (the category value) and suburb ("Suburb|STATE"). */
export const REPORT_METRICS = [
  "sign_ups",
  "listings",
  "category",
  "suburb",
  "proposals",
  "accepted",
  "completed",
  "revenue_payments",
  "revenue_cents",
  "refund_payments",
  "refund_cents",
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

export const reportDaily = pgTable(
  "report_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric", { enum: REPORT_METRICS }).notNull(),
    key: text("key").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "report_daily_pkey", columns: [t.metric, t.day, t.key] }),
    check("report_daily_metric_check", inList(t.metric, REPORT_METRICS)),
    check("report_daily_value_check", sql`${t.value} >= 0`),
  ],
);

/** The days already rolled up (a day with nothing in it still has its row here). */
export const reportDays = pgTable("report_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: tstz("rolled_at").notNull().defaultNow(),
});
