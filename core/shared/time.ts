// The product's wall clock: dates on screen, in mail and for scheduled jobs follow Sydney time (with daylight
// saving), whatever the server's or the browser's time zone. Pure: safe in the browser bundle. core/shared imports
// nothing else of core.

export const PRODUCT_TIME_ZONE = "Australia/Sydney";

/** A formatter of instants in Sydney time, in Australian English, with these parts (Intl.DateTimeFormat's options). */
export function sydneyFormat(options: Omit<Intl.DateTimeFormatOptions, "timeZone">): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-AU", { ...options, timeZone: PRODUCT_TIME_ZONE });
}

const longDate = sydneyFormat({ day: "numeric", month: "long", year: "numeric" });
const dayAndTime = sydneyFormat({
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});
const parts = sydneyFormat({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "20 December 2026": a Sydney date, as pages and mails write it. */
export const formatLongDate = (instant: Date | string) => longDate.format(new Date(instant));

/** "Fri 4 Dec, 3:05 pm": a moment in the coming days (a deadline, a link's expiry) in Sydney time. */
export const formatDayAndTime = (instant: Date | string) => dayAndTime.format(new Date(instant));

/** The Sydney calendar date ("2026-11-22") and local hour and minute of an instant. */
export function sydneyTime(instant: Date): { date: string; hour: number; minute: number } {
  const found = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${found.year}-${found.month}-${found.day}`, hour: Number(found.hour), minute: Number(found.minute) };
}
