import type { Db } from "#db/client.ts";
import { auditLogs } from "#db/schema/audit.ts";
import { logger } from "../shared/logger";
import type { ErrorAction } from "./log-tabs";
import { scrubSecrets } from "./scrub-secrets";

export type ErrorEventInput = {
  action: ErrorAction;
  /** What went wrong, in words staff read in the Message column (no personal data, no secrets). */
  message: string;
  error?: unknown;
  /** What the event is about: the request id of a failed request, the mail id, the job and its run. */
  targetId?: string | null;
  userId?: string | null;
  /** A few more facts (method and path, template, attempt): scrubbed like the error text. */
  details?: Record<string, string | number | null>;
  /** Values that must never reach the log, whatever the error says (the app's own secrets). */
  secrets?: readonly (string | undefined)[];
};

/** The error as a line of text: its name and message, without the stack (which holds paths, not answers). */
export function errorText(error: unknown): string | null {
  if (error === undefined || error === null) return null;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Records one error event for the System Logs' Errors tab. Never throws: it runs while something has already
 * gone wrong, and a failed write must not make that worse (it is logged to stderr instead). Call it with the
 * database, never inside the failing transaction (a failed insert would poison it).
 */
export async function recordErrorEvent(db: Db, input: ErrorEventInput): Promise<void> {
  try {
    const scrub = (text: string) => scrubSecrets(text, input.secrets);
    const text = errorText(input.error);
    const details: Record<string, unknown> = { message: scrub(input.message), error: text ? scrub(text) : null };
    for (const [key, value] of Object.entries(input.details ?? {}))
      details[key] = typeof value === "string" ? scrub(value) : value;
    const row = { action: input.action, details, userId: input.userId ?? null, targetId: input.targetId ?? null };
    // A member deleted meanwhile fails the user_id reference: the error is still worth keeping, without them.
    try {
      await db.insert(auditLogs).values(row);
    } catch (first) {
      if (!row.userId) throw first;
      await db.insert(auditLogs).values({ ...row, userId: null });
    }
  } catch (failure) {
    logger.warn("error event not recorded", { action: input.action, error: String(failure) });
  }
}
