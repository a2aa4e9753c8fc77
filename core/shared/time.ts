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

/**
 * The instant of a Sydney wall-clock time ("2026-12-04T15:05", as a datetime-local field sends it), or null when
 * the text is not one. Daylight saving is Sydney's: the offset is read for that moment, then checked once more.
 */
export function fromSydneyLocal(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const offsetAt = (instant: number) => {
    const t = sydneyTime(new Date(instant));
    const [y, mo, d] = t.date.split("-").map(Number);
    return Date.UTC(y, mo - 1, d, t.hour, t.minute) - instant;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** The Sydney wall-clock time of an instant as a datetime-local field shows it ("2026-12-04T15:05"). */
export function toSydneyLocal(instant: Date): string {
  const t = sydneyTime(instant);
  return `${t.date}T${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
}
