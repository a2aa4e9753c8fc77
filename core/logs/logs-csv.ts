import type { LogEvent } from "./log-tabs";

/** The spec's columns, in order. */
export const LOG_CSV_COLUMNS = ["ID", "Timestamp", "Event Type", "Message", "User ID", "Status", "Error"] as const;

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (it starts with = + - @, or a tab or carriage
 * return that some programs skip first) gets a leading apostrophe, so opening the file runs nothing (OWASP's
 * CSV injection advice); every cell is quoted, with its quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function logCsvHeader(): string {
  return csvLine([...LOG_CSV_COLUMNS]);
}

export function logCsvRow(event: LogEvent): string {
  return csvLine([
    event.id,
    event.createdAt.toISOString(),
    event.eventType,
    event.message,
    event.userId,
    event.status,
    event.error,
  ]);
}

/** `{type}-logs-{timestamp}.csv`, the timestamp safe in a file name. */
export function logCsvFileName(tab: string, at: Date): string {
  return `${tab}-logs-${at.toISOString().replace(/[:.]/g, "-")}.csv`;
}
