import { formatLongDate, sydneyFormat, sydneyTime } from "../shared/time";

const timeOfDay = sydneyFormat({ hour: "numeric", minute: "2-digit" });

/** The Sydney calendar date before `date` ("2026-11-22" → "2026-11-21"), whatever daylight saving does. */
function dayBefore(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export type DayGroup<T> = { heading: string; items: (T & { time: string })[] };

/**
 * Notices (newest first) under their Sydney day: "Today", "Yesterday", then the date ("20 November 2026"). Each
 * gets its time of day ("3:05 pm").
 */
export function groupByDay<T extends { createdAt: Date }>(items: T[], now: Date): DayGroup<T>[] {
  const today = sydneyTime(now).date;
  const yesterday = dayBefore(today);
  const groups: DayGroup<T>[] = [];
  let currentDate: string | null = null;
  for (const item of items) {
    const date = sydneyTime(item.createdAt).date;
    if (date !== currentDate) {
      currentDate = date;
      const heading = date === today ? "Today" : date === yesterday ? "Yesterday" : formatLongDate(item.createdAt);
      groups.push({ heading, items: [] });
    }
    groups[groups.length - 1].items.push({ ...item, time: timeOfDay.format(item.createdAt) });
  }
  return groups;
}
