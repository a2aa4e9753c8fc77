import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { recordJobFailure } from "../logs/record-job-failure";
import { expireSwaps } from "../swaps/expire-swaps";
import { DAILY_CLEANUP_HOUR, dailyCleanup } from "./daily-cleanup";
import { sydneyTime } from "../shared/time";
import { removeAbandonedFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";

export type SchedulerTick = {
  /** Proposals this tick marked expired. */
  expired: string[];
  /** Files of abandoned uploads (and let-go pictures) this tick deleted: see pending-files.ts. */
  filesRemoved: number;
  /** The daily cleanup, when this tick tried it (`ran: false` if another process had it already). */
  daily: Awaited<ReturnType<typeof dailyCleanup>> | null;
  /** Jobs that failed this tick (already logged). */
  failed: string[];
};

/**
 * In-process scheduler: every `intervalMs` it expires overdue proposals (cheap and idempotent), deletes the files
 * of abandoned uploads (pending-files.ts), and, once
 * Sydney time is at or after 02:00, makes sure today's daily cleanup has run (runOnce keeps that to one
 * process). Errors are logged, never thrown. Timers are unref'd so they never keep the process alive.
 * Returns stop(), which resolves once any tick in progress has finished.
 */
export function startScheduler(
  deps: { db: Db; clock: Clock; storage?: FileStorage },
  { intervalMs = 60_000, onTick }: { intervalMs?: number; onTick?: (tick: SchedulerTick) => void } = {},
): () => Promise<void> {
  let stopped = false;
  let current: Promise<void> | null = null;
  // The Sydney date whose daily run is known to be done (by us or another process): no need to ask again.
  let dailyDoneFor: string | null = null;

  async function tick() {
    const summary: SchedulerTick = { expired: [], filesRemoved: 0, daily: null, failed: [] };
    try {
      summary.expired = await expireSwaps(deps);
    } catch (error) {
      await fail(deps.db, summary, "expire-swaps", error);
    }
    if (deps.storage) {
      try {
        summary.filesRemoved = await removeAbandonedFiles({
          db: deps.db,
          storage: deps.storage,
          now: deps.clock.now(),
        });
      } catch (error) {
        await fail(deps.db, summary, "remove-abandoned-files", error);
      }
    }
    const { date, hour } = sydneyTime(deps.clock.now());
    if (hour >= DAILY_CLEANUP_HOUR && dailyDoneFor !== date) {
      try {
        summary.daily = await dailyCleanup(deps);
        dailyDoneFor = date;
      } catch (error) {
        // runOnce recorded the failure under today's key; the next tick finds it claimed and moves on.
        await fail(deps.db, summary, "daily-cleanup", error);
      }
    }
    try {
      onTick?.(summary);
    } catch (error) {
      await fail(deps.db, summary, "on-tick", error);
    }
  }

  function run() {
    if (stopped || current) return; // a slow tick is never overlapped by the next one
    current = tick().finally(() => {
      current = null;
    });
  }

  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();

  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await current;
  };
}

/** A failed job: to stderr, and to System Logs' Errors tab (recordJobFailure never throws). */
async function fail(db: Db, summary: SchedulerTick, job: string, error: unknown) {
  summary.failed.push(job);
  await recordJobFailure(db, { job, error });
  logger.error("scheduled job failed", {
    job,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
}
