import type { Db } from "#db/client.ts";
import { recordErrorEvent } from "./record-error-event";

/** A background job that failed, for System Logs' Errors tab (never throws; see recordErrorEvent). */
export async function recordJobFailure(
  db: Db,
  { job, error, runKey }: { job: string; error: unknown; runKey?: string },
) {
  await recordErrorEvent(db, {
    action: "error.job",
    message: `Job ${job} failed`,
    error,
    targetId: runKey ? `${job}:${runKey}` : job,
    details: { job },
  });
}
