import { sydneyTime } from "../shared/time";

/** The periods and groupings the Reports page offers (URL parameters `period` and `by`). */
export const REPORT_PERIODS = [30, 90, 365] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_GROUPINGS = ["day", "week"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export type ReportRange = {
  period: ReportPeriod;
  by: ReportGrouping;
  /** The first Sydney day counted, "2026-10-27". */
  start: string;
  /** The day after the last one counted (today in Sydney + 1): the range is [start, end). */
  end: string;
  /** Today in Sydney, the last day counted. */
  today: string;
};

export type ReportBucket = { key: string; days: number };

const DAY_MS = 86_400_000;

/** "2026-11-25" plus n days, in calendar days (no time zone involved). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the ISO week holding the date. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The page's parameters read leniently: anything unknown falls back to 30 days by day. */
export function parseReportParams(params: URLSearchParams): { period: ReportPeriod; by: ReportGrouping } {
  const period = Number(params.get("period"));
  const by = params.get("by");
  return {
    period: (REPORT_PERIODS as readonly number[]).includes(period) ? (period as ReportPeriod) : 30,
    by: (REPORT_GROUPINGS as readonly string[]).includes(by ?? "") ? (by as ReportGrouping) : "day",
  };
}

/** The last `period` Sydney days up to and including today. */
export function reportRange(now: Date, period: ReportPeriod, by: ReportGrouping): ReportRange {
  const today = sydneyTime(now).date;
  return { period, by, start: addDays(today, -(period - 1)), end: addDays(today, 1), today };
}

/** The bucket a day falls in: the day itself, or its week's Monday (the first week cut at the period's start). */
export function bucketOf(range: ReportRange, day: string): string {
  if (range.by === "day") return day;
  const monday = weekStart(day);
  // ISO dates compare as strings.
  return [monday, range.start].sort()[1];
}

/** Every bucket of the range in order, empty ones included, with the number of days each covers. */
export function reportBuckets(range: ReportRange): ReportBucket[] {
  const buckets: ReportBucket[] = [];
  for (let day = range.start; day < range.end; day = addDays(day, 1)) {
    const key = bucketOf(range, day);
    const last = buckets.at(-1);
    if (last?.key === key) last.days += 1;
    else buckets.push({ key, days: 1 });
  }
  return buckets;
}
