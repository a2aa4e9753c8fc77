import type { ReportFigures } from "./find-report-figures";
import { bucketOf, type ReportRange, reportBuckets } from "./report-period";

export const REPORT_CHART_IDS = [
  "sign-ups",
  "new-listings",
  "proposals",
  "acceptance-rate",
  "completed-swaps",
  "fee-revenue",
  "listings-by-category",
  "top-suburbs",
] as const;
export type ReportChartId = (typeof REPORT_CHART_IDS)[number];

export function isReportChartId(value: unknown): value is ReportChartId {
  return typeof value === "string" && (REPORT_CHART_IDS as readonly string[]).includes(value);
}

/** count: a whole number; cents: money in cents (shown as dollars); percent: 0-100 with one decimal. */
export type ReportUnit = "count" | "cents" | "percent";
export type ReportColumn = { label: string; unit: ReportUnit };
/** One line of a chart's table: `key` is the machine form (a date, a category value), `label` what people read. */
export type ReportRow = { key: string; label: string; values: (number | null)[] };

export type ReportChart = {
  id: ReportChartId;
  title: string;
  description: string;
  /** time: one row per day or week, drawn as columns over time; ranking: one row per thing, drawn as bars. */
  kind: "time" | "ranking";
  /** The table's first column (Day, Week starting, Category, Suburb). */
  rowHeader: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Which columns the picture draws (indexes into `columns`). */
  plot: number[];
};

const dayLabel = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
/** "25 Nov 2026" for a calendar date. */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** Sums sparse daily figures into every bucket of the range (empty buckets are zero). */
function perBucket<T>(range: ReportRange, daily: Map<string, T>, zero: () => T, add: (sum: T, day: T) => T) {
  const sums = new Map(reportBuckets(range).map((b) => [b.key, zero()]));
  for (const [day, value] of daily) {
    const key = bucketOf(range, day);
    if (sums.has(key)) sums.set(key, add(sums.get(key) as T, value));
  }
  return sums;
}

const countPer = (range: ReportRange, daily: Map<string, number>) =>
  perBucket(
    range,
    daily,
    () => 0,
    (a, b) => a + b,
  );
const pairPer = <T extends { payments: number; cents: number }>(range: ReportRange, daily: Map<string, T>) =>
  perBucket(
    range,
    daily,
    () => ({ payments: 0, cents: 0 }),
    (a, b) => ({ payments: a.payments + b.payments, cents: a.cents + b.cents }),
  );

/** Accepted as a share of proposals made, one decimal; null when none were made. */
export function acceptanceRate(made: number, accepted: number): number | null {
  return made === 0 ? null : Math.round((accepted / made) * 1000) / 10;
}

/**
 * The page's charts from the figures: each with the table of its numbers (what the CSV holds and what a screen
 * reader reads). Time charts have one row per day or week of the range, empty ones included.
 */
export function buildReportCharts(
  range: ReportRange,
  figures: ReportFigures,
  labels: { category: (value: string) => string },
): ReportChart[] {
  const weekly = range.by === "week";
  const rowHeader = weekly ? "Week starting" : "Day";
  const timeRow = (key: string, values: (number | null)[]): ReportRow => ({ key, label: formatDay(key), values });
  const counts = (daily: Map<string, number>) => [...countPer(range, daily)].map(([key, v]) => timeRow(key, [v]));
  const time = (
    id: ReportChartId,
    title: string,
    description: string,
    columns: ReportColumn[],
    rows: ReportRow[],
    plot = [0],
  ): ReportChart => ({
    id,
    title,
    description,
    kind: "time",
    rowHeader,
    columns,
    rows,
    plot,
  });
  const proposals = perBucket(
    range,
    figures.proposals,
    () => ({ made: 0, accepted: 0 }),
    (a, b) => ({ made: a.made + b.made, accepted: a.accepted + b.accepted }),
  );
  const revenue = pairPer(range, figures.revenue);
  const refunds = pairPer(range, figures.refunds);
  const per = weekly ? "per week" : "per day";

  return [
    time(
      "sign-ups",
      "Sign-ups",
      `New member accounts ${per}.`,
      [{ label: "Sign-ups", unit: "count" }],
      counts(figures.signUps),
    ),
    time(
      "new-listings",
      "New listings",
      `Listings created ${per}, whatever became of them since.`,
      [{ label: "New listings", unit: "count" }],
      counts(figures.listings),
    ),
    time(
      "proposals",
      "Proposals",
      `Swap proposals made ${per}.`,
      [{ label: "Proposals", unit: "count" }],
      counts(new Map([...figures.proposals].map(([d, p]) => [d, p.made]))),
    ),
    time(
      "acceptance-rate",
      "Acceptance rate",
      `Of the proposals made ${per}, the share the receiver accepted (so far).`,
      [
        { label: "Acceptance rate (%)", unit: "percent" },
        { label: "Proposals", unit: "count" },
        { label: "Accepted", unit: "count" },
      ],
      [...proposals].map(([key, p]) => timeRow(key, [acceptanceRate(p.made, p.accepted), p.made, p.accepted])),
    ),
    time(
      "completed-swaps",
      "Completed swaps",
      `Swaps completed ${per}: both members confirmed they swapped, or a week passed after the handshake with no problem reported. Paid swaps still being arranged are not counted.`,
      [{ label: "Completed swaps", unit: "count" }],
      counts(figures.completed),
    ),
    time(
      "fee-revenue",
      "Fee revenue and refunds",
      `Handshake fees taken ${per} (card and account credit, AUD) and fees given back.`,
      [
        { label: "Fee revenue (AUD)", unit: "cents" },
        { label: "Refunds (AUD)", unit: "cents" },
        { label: "Net (AUD)", unit: "cents" },
        { label: "Fees paid", unit: "count" },
        { label: "Fees refunded", unit: "count" },
      ],
      [...revenue].map(([key, r]) => {
        const back = refunds.get(key) ?? { payments: 0, cents: 0 };
        return timeRow(key, [r.cents, back.cents, r.cents - back.cents, r.payments, back.payments]);
      }),
      [0, 1],
    ),
    {
      id: "listings-by-category",
      title: "Listings by category",
      description: "New listings in the period, per category.",
      kind: "ranking",
      rowHeader: "Category",
      columns: [{ label: "New listings", unit: "count" }],
      rows: figures.categories.map((c) => ({ key: c.category, label: labels.category(c.category), values: [c.count] })),
      plot: [0],
    },
    {
      id: "top-suburbs",
      title: "Top suburbs",
      description: "The suburbs with the most new listings in the period.",
      kind: "ranking",
      rowHeader: "Suburb",
      columns: [{ label: "New listings", unit: "count" }],
      rows: figures.suburbs.map((s) => ({
        key: `${s.suburb} ${s.state}`,
        label: `${s.suburb} ${s.state}`,
        values: [s.count],
      })),
      plot: [0],
    },
  ];
}
