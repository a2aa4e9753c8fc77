import type { ReportChart, ReportUnit } from "./build-report-charts";

/**
 * A text cell a spreadsheet could take for a formula (= + - @, or a tab or carriage return that some treat the
 * same) gets a leading apostrophe, so it is shown as text. Numbers are written by us as numbers and left alone.
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function numberCell(value: number | null, unit: ReportUnit): string {
  if (value === null) return "";
  if (unit === "cents") return (value / 100).toFixed(2);
  if (unit === "percent") return value.toFixed(1);
  return String(value);
}

/** The chart's numbers as CSV lines (header first), CRLF-terminated as RFC 4180 has it. */
export function reportCsvLines(chart: ReportChart): string[] {
  const header = [chart.rowHeader, ...chart.columns.map((c) => c.label)].map((h) => quote(neutraliseCell(h)));
  const body = chart.rows.map((row) =>
    [
      quote(neutraliseCell(chart.kind === "time" ? row.key : row.label)),
      ...row.values.map((v, i) => numberCell(v, chart.columns[i].unit)),
    ].join(","),
  );
  return [header.join(","), ...body].map((line) => `${line}\r\n`);
}

/** The lines as a stream, for the download's body. */
export function reportCsvStream(chart: ReportChart): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const lines = reportCsvLines(chart);
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next >= lines.length) return controller.close();
      controller.enqueue(encoder.encode(lines.slice(next, next + 100).join("")));
      next += 100;
    },
  });
}

/** "swapshed-sign-ups-30-days-by-day-2026-11-25.csv" (dated with the Sydney day it was made). */
export function reportCsvFileName(chart: ReportChart, range: { period: number; by: string; today: string }): string {
  return `swapshed-${chart.id}-${range.period}-days-by-${range.by}-${range.today}.csv`;
}
