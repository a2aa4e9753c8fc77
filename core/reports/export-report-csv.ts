import type { Db } from "#db/client.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import type { StaffActor } from "../staff/pass-staff-gate";
import { buildReportCharts, isReportChartId, type ReportChart } from "./build-report-charts";
import { findReportFigures } from "./find-report-figures";
import { type ReportGrouping, type ReportPeriod, reportRange } from "./report-period";

export const UNKNOWN_CHART = "Unknown chart";

/**
 * An admin downloads one chart's numbers: the figures are read and the `export_report_csv` audit row written in
 * one transaction (the row names the chart, the period, the grouping and how many rows went out).
 */
export async function exportReportCsv(
  db: Db,
  options: {
    actor: StaffActor;
    chart: unknown;
    period: ReportPeriod;
    by: ReportGrouping;
    now: Date;
    categoryLabel: (value: string) => string;
  },
): Promise<{ chart: ReportChart; range: ReturnType<typeof reportRange> }> {
  const { actor, period, by, now } = options;
  if (!isReportChartId(options.chart)) throw new AppError("VALIDATION", UNKNOWN_CHART);
  const id = options.chart;
  const range = reportRange(now, period, by);
  const chart = await db.transaction(async (tx) => {
    const figures = await findReportFigures(tx, range);
    const found = buildReportCharts(range, figures, { category: options.categoryLabel }).find(
      (c) => c.id === id,
    ) as ReportChart;
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "export_report_csv",
      targetType: "system",
      metadata: { chart: id, period, by, start: range.start, end: range.today, rows: found.rows.length },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return found;
  });
  return { chart, range };
}
