import type { Db } from "#db/client.ts";
import { buildReportCharts } from "./build-report-charts";
import { findReportFigures } from "./find-report-figures";
import { type ReportGrouping, type ReportPeriod, reportRange } from "./report-period";

/** The Reports page: the range asked for and every chart over it. */
export async function findReports(
  db: Db,
  {
    now,
    period,
    by,
    categoryLabel,
  }: { now: Date; period: ReportPeriod; by: ReportGrouping; categoryLabel: (value: string) => string },
) {
  const range = reportRange(now, period, by);
  const figures = await findReportFigures(db, range);
  return { range, charts: buildReportCharts(range, figures, { category: categoryLabel }) };
}
