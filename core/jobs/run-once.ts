import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { jobRuns } from "#db/schema/ops.ts";

export type RunOnceResult<T> = { ran: true; result: T } | { ran: false };

/** A run still unfinished after this long is taken to have died with its process and may be claimed again. */
export const STALE_RUN_MS = 60 * 60 * 1000;

/**
 * Runs `fn` once per (job, runKey) across every app process: the INSERT ... ON CONFLICT into job_runs
 * decides which caller runs it; everyone else gets `{ ran: false }`. The outcome (result or error text)
 * is recorded on the row; a failure is recorded and rethrown, and not retried under the same key.
 */
export async function runOnce<T>(
  db: Db,
  { job, runKey, now, staleAfterMs = STALE_RUN_MS }: { job: string; runKey: string; now: Date; staleAfterMs?: number },
  fn: () => Promise<T>,
): Promise<RunOnceResult<T>> {
  const [claimed] = await db
    .insert(jobRuns)
    .values({ job, runKey, startedAt: now })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.runKey],
      set: { startedAt: now, finishedAt: null, result: null, error: null },
      // Only a run that started long ago and never finished is taken over; the row lock taken by the
      // update means two processes cannot both take it over.
      setWhere: and(isNull(jobRuns.finishedAt), lt(jobRuns.startedAt, new Date(now.getTime() - staleAfterMs))),
    })
    .returning();
  if (!claimed) return { ran: false };

  const thisRun = and(eq(jobRuns.job, job), eq(jobRuns.runKey, runKey));
  try {
    const result = await fn();
    // finished_at is wall-clock time: it records when the work really ended.
    await db
      .update(jobRuns)
      .set({ finishedAt: new Date(), result: asRecord(result) })
      .where(thisRun);
    return { ran: true, result };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await db.update(jobRuns).set({ finishedAt: new Date(), error: message }).where(thisRun);
    throw error;
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}
