/** The product's wall clock: dates on screen and scheduled jobs follow Australia/Sydney (with daylight saving). */
export const PRODUCT_TIME_ZONE = "Australia/Sydney";

const format = new Intl.DateTimeFormat("en-AU", {
  timeZone: PRODUCT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The Sydney calendar date ("2026-11-22") and local hour and minute of an instant. */
export function sydneyTime(instant: Date): { date: string; hour: number; minute: number } {
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}
