import { acceptanceRate, type ReportChart, type ReportUnit } from "#core/reports/build-report-charts.ts";
import { formatCount } from "#app/lib/sydney-format.ts";
import { ExportButton, type ExportTexts } from "./export-button";

/** A chart's numbers as a file: the spec's success text, and its failure text for exports. */
const CHART_CSV: ExportTexts = {
  label: "Download CSV",
  busy: "Downloading...",
  success: "CSV exported successfully",
  failure: "Failed to export report",
  fallbackName: "report.csv",
};

/** Calm, distinct fills: brand green for the main series, amber for the second (refunds). */
const FILLS = ["#2f8a67", "#e49b17"];

const dollars = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A figure as the tables show it: counts with separators, cents as dollars with 2 decimals, a rate to 0.1%. */
export function formatValue(value: number | null, unit: ReportUnit): string {
  if (value === null) return "—";
  if (unit === "cents") return `${value < 0 ? "-" : ""}$${dollars.format(Math.abs(value) / 100)}`;
  if (unit === "percent") return `${value.toFixed(1)}%`;
  return formatCount(value);
}

/** An axis tick: whole dollars and whole percents are enough to read a scale. */
function formatTick(value: number, unit: ReportUnit): string {
  if (unit === "cents") return `$${formatCount(Math.round(value / 100))}`;
  if (unit === "percent") return `${Math.round(value)}%`;
  return formatCount(value);
}

/** The top of the value axis: 1, 2 or 5 times a power of ten, at or above the largest value (100 for a rate). */
export function axisMax(values: number[], unit: ReportUnit): number {
  if (unit === "percent") return 100;
  const max = Math.max(0, ...values);
  if (max <= 0) return unit === "cents" ? 100 : 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/** Totals over the period for each column (a rate is recomputed from its counts, not summed). */
function totals(chart: ReportChart): string[] {
  return chart.columns.map((column, i) => {
    if (column.unit === "percent" && chart.id === "acceptance-rate") {
      const made = chart.rows.reduce((s, r) => s + (r.values[1] ?? 0), 0);
      const accepted = chart.rows.reduce((s, r) => s + (r.values[2] ?? 0), 0);
      return formatValue(acceptanceRate(made, accepted), "percent");
    }
    return formatValue(
      chart.rows.reduce((s, r) => s + (r.values[i] ?? 0), 0),
      column.unit,
    );
  });
}

/**
 * One chart, drawn on the server: an SVG of bars (no script; it stretches to the card's width, so its text lives
 * in HTML around it and stays readable at any size), the value and time axes labelled, and the numbers behind
 * it in a table under 'Show the numbers'. The CSV form posts to the download route (works without JavaScript).
 */
export function ReportChartCard({
  chart,
  csvAction,
  period,
  by,
}: {
  chart: ReportChart;
  csvAction: string;
  period: number;
  by: string;
}) {
  const titleId = `chart-${chart.id}`;
  const sums = totals(chart);
  const headline =
    chart.kind === "time" || chart.id === "listings-by-category"
      ? chart.plot.map((i) => `${chart.columns[i].label}: ${sums[i]}`).join(" · ")
      : null;
  const empty = chart.rows.length === 0 || chart.rows.every((r) => r.values.every((v) => !v));
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col rounded-lg border border-line bg-white p-4">
      <div className="mb-2 flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold">
            {chart.title}
          </h2>
          <p className="text-xs text-muted">{chart.description}</p>
        </div>
        <div className="shrink-0">
          <ExportButton action={csvAction} texts={CHART_CSV} ariaLabel={`Download CSV: ${chart.title}`} small>
            <input type="hidden" name="chart" value={chart.id} />
            <input type="hidden" name="period" value={period} />
            <input type="hidden" name="by" value={by} />
          </ExportButton>
        </div>
      </div>
      {headline && <p className="mb-3 text-sm tabular-nums">{headline}</p>}
      {empty && chart.kind === "ranking" ? (
        <p className="rounded-md bg-surface p-4 text-center text-sm text-muted">Nothing in this period.</p>
      ) : chart.kind === "time" ? (
        <TimePlot chart={chart} empty={empty} />
      ) : (
        <RankingPlot chart={chart} />
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-brand-800 hover:underline">Show the numbers</summary>
        <section
          className="mt-2 max-h-80 overflow-auto rounded-md border border-line"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (axe: scrollable-region-focusable).
          tabIndex={0}
          aria-label={`${chart.title}: the numbers`}
        >
          <table className="w-full text-left text-xs [&_td]:px-2 [&_td]:py-1 [&_td]:text-right [&_td]:tabular-nums [&_th]:px-2 [&_th]:py-1">
            <caption className="sr-only">{chart.title}</caption>
            <thead className="sticky top-0 bg-surface text-muted">
              <tr>
                <th scope="col" className="font-semibold">
                  {chart.rowHeader}
                </th>
                {chart.columns.map((c) => (
                  <th key={c.label} scope="col" className="text-right font-semibold">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {chart.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="whitespace-nowrap font-normal">
                    {row.label}
                  </th>
                  {row.values.map((v, i) => (
                    <td key={chart.columns[i].label}>{formatValue(v, chart.columns[i].unit)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            {chart.kind === "time" && (
              <tfoot className="border-t border-line font-semibold">
                <tr>
                  <th scope="row" className="text-left">
                    Whole period
                  </th>
                  {sums.map((s, i) => (
                    <td key={chart.columns[i].label}>{s}</td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </section>
      </details>
    </section>
  );
}

function TimePlot({ chart, empty }: { chart: ReportChart; empty: boolean }) {
  const unit = chart.columns[chart.plot[0]].unit;
  const max = axisMax(
    chart.rows.flatMap((r) => chart.plot.map((i) => r.values[i] ?? 0)),
    unit,
  );
  const n = chart.rows.length;
  const slot = 10;
  const width = n * slot;
  const barWidth = (slot * 0.8) / chart.plot.length;
  const first = chart.rows[0]?.label ?? "";
  const middle = chart.rows[Math.floor((n - 1) / 2)]?.label ?? "";
  const last = chart.rows[n - 1]?.label ?? "";
  const axisName = unit === "cents" ? "AUD" : unit === "percent" ? "%" : chart.columns[chart.plot[0]].label;
  return (
    <div aria-hidden="true">
      {chart.plot.length > 1 && (
        <ul className="mb-1 flex flex-wrap gap-3 text-xs text-muted">
          {chart.plot.map((i, k) => (
            <li key={chart.columns[i].label} className="flex items-center gap-1">
              <span className="inline-block size-2.5 rounded-sm" style={{ background: FILLS[k] }} />
              {chart.columns[i].label}
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <div className="relative w-14 shrink-0 text-right text-[11px] leading-none text-muted tabular-nums">
          <span className="absolute top-0 right-0">{formatTick(max, unit)}</span>
          <span className="absolute top-1/2 right-0 -translate-y-1/2">{formatTick(max / 2, unit)}</span>
          <span className="absolute right-0 bottom-0">{formatTick(0, unit)}</span>
        </div>
        <div className="relative h-40 min-w-0 flex-1 border-b border-l border-slate-400">
          <svg
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full"
            focusable="false"
          >
            {[25, 50, 75].map((y) => (
              <line
                key={y}
                x1={0}
                x2={width}
                y1={y}
                y2={y}
                stroke="#dfe6e2"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {chart.plot.map((col, k) => (
              <path
                key={chart.columns[col].label}
                d={barsPath(
                  chart.rows.map((row) => row.values[col]),
                  max,
                  slot,
                  slot * 0.1 + k * barWidth,
                  barWidth,
                )}
                fill={FILLS[k]}
              />
            ))}
          </svg>
          {empty && (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
              Nothing in this period.
            </p>
          )}
        </div>
      </div>
      <div className="mt-1 ml-16 flex justify-between gap-2 text-[11px] text-muted">
        <span>{first}</span>
        {n > 2 && <span className="hidden sm:inline">{middle}</span>}
        {n > 1 && <span>{last}</span>}
      </div>
      <p className="mt-0.5 ml-16 flex justify-between text-[11px] font-medium text-muted">
        <span>{chart.rowHeader}</span>
        <span>Axis: {axisName}</span>
      </p>
    </div>
  );
}

/** One series' bars as a single path (a rectangle per non-zero value): far smaller than a <rect> each at 365 days. */
function barsPath(values: (number | null)[], max: number, slot: number, offset: number, width: number): string {
  const round = (n: number) => Math.round(n * 100) / 100;
  return values
    .map((value, i) => {
      if (!value || value < 0) return "";
      const h = Math.max(0.5, (Math.min(value, max) / max) * 100);
      return `M${round(i * slot + offset)} 100v${-round(h)}h${round(width)}v${round(h)}z`;
    })
    .join("");
}

function RankingPlot({ chart }: { chart: ReportChart }) {
  const max = Math.max(1, ...chart.rows.map((r) => r.values[0] ?? 0));
  return (
    <div aria-hidden="true">
      <ul className="space-y-1.5">
        {chart.rows.map((row) => {
          const value = row.values[0] ?? 0;
          return (
            <li key={row.key} className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-2 text-xs">
              <span className="truncate">{row.label}</span>
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full" focusable="false">
                <rect x={0} y={0} width={100} height={10} fill="#f7f9f8" />
                <rect x={0} y={0} width={Math.max(0.5, (value / max) * 100)} height={10} fill={FILLS[0]} />
              </svg>
              <span className="tabular-nums">{formatValue(value, chart.columns[0].unit)}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-1 flex justify-between text-[11px] font-medium text-muted">
        <span>{chart.rowHeader}</span>
        <span>Axis: {chart.columns[0].label}</span>
      </p>
    </div>
  );
}
