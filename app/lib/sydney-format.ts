// Dates and money as staff and members read them: Sydney time, AUD from cents. Formatted on the server so the
// page's text does not depend on the browser's time zone (no hydration mismatch).
import { sydneyFormat } from "#core/shared/time.ts";

const dateTime = sydneyFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});
const whole = new Intl.NumberFormat("en-AU");
const dateTimeSeconds = sydneyFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

/** "25 Nov 2026, 1:04:05 pm" in Sydney time: logs need the seconds. */
export function sydneyDateTimeSeconds(value: Date | string): string {
  return dateTimeSeconds.format(new Date(value));
}

/** "25 Nov 2026, 1:04 pm" in Sydney time, or a dash. */
export function sydneyDateTime(value: Date | string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : "—";
}

/** "1,234" */
export const formatCount = (n: number) => whole.format(n);

/** Cents as dollars with 2 decimals: 999 -> "$9.99". */
export function formatCents(cents: number): string {
  return `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** How long ago, roughly: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ageOf(value: Date | string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(value).getTime()) / 1000);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}
