import { lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rateLimits } from "#db/schema/ops.ts";
import type { Clock } from "../shared/clock";
import { expireSwaps } from "../swaps/expire-swaps";
import { purgeDeletedMembers } from "../accounts/purge-deleted-members";
import { offerCirclesNightly } from "../circles/offer-circles-nightly";
import type { FileStorage } from "../storage/storage";
import { runOnce } from "./run-once";
import { sydneyTime } from "../shared/time";

export const DAILY_CLEANUP_JOB = "daily-cleanup";
/** The admin dashboard promises a cleanup at 2 AM Sydney time. */
export const DAILY_CLEANUP_HOUR = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DailyCleanupResult = {
  expiredSwaps: number;
  expiredSwapIds: string[];
  rateLimitsDeleted: number;
  purgedMembers: number;
  /** Swap circles the nightly pass offered (decision 108). */
  circlesOffered: number;
};

/**
 * The daily cleanup: expires overdue proposals, deletes rate-limit windows older than a day, purges members
 * whose 30 days after deletion are up, then offers the swap circles the nightly pass finds (after the purge, so no
 * circle is offered to a member just purged). Runs at most once per Sydney calendar date, however many processes call it.
 */
export async function dailyCleanup(deps: { db: Db; clock: Clock; storage?: FileStorage }) {
  const now = deps.clock.now();
  return runOnce(
    deps.db,
    { job: DAILY_CLEANUP_JOB, runKey: sydneyTime(now).date, now },
    async (): Promise<DailyCleanupResult> => {
      const expiredSwapIds = await expireSwaps(deps);
      const deleted = await deps.db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)))
        .returning();
      const purged = await purgeDeletedMembers(deps);
      const circlesOffered = await offerCirclesNightly(deps);
      return {
        expiredSwaps: expiredSwapIds.length,
        expiredSwapIds,
        rateLimitsDeleted: deleted.length,
        purgedMembers: purged.length,
        circlesOffered,
      };
    },
  );
}
