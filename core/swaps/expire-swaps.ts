import { and, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";
import { claimSwapReminders, type RemindedSwap, type SwapReminder } from "./claim-swap-reminders";

/** The job_runs name under which each "your proposal expires soon" warning is claimed (run_key = swap id). */
export const EXPIRY_WARNING_JOB = "expiry-warning";
export const EXPIRY_WARNING_HOURS = 6;

/**
 * Marks every pending proposal whose 48 hours are up as expired; returns their ids (for the "expired"
 * mails). Idempotent and cheap, so the scheduler runs it every minute. Accepting never relies on it:
 * acceptSwap checks expires_at itself.
 */
export async function expireSwaps(deps: { db: Db; clock: Clock }): Promise<string[]> {
  const now = deps.clock.now();
  const due = and(eq(swapProposals.status, "pending"), lte(swapProposals.expiresAt, now));
  // Each expiry's event commits with it; the background dispatcher turns them into notices within seconds.
  return deps.db.transaction(async (tx) => {
    const ids = await markExpired(tx, due, now);
    for (const id of ids) await recordEvent(tx, { kind: "swap.expired", subjectId: id });
    return ids;
  });
}

async function markExpired(tx: Db, due: SQL | undefined, now: Date): Promise<string[]> {
  const rows = await tx
    .update(swapProposals)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        due,
        // Rows an accept or decline is working on right now are skipped, not waited for: whatever that
        // transaction decides stands, and anything still pending is caught on the next run.
        inArray(
          swapProposals.id,
          tx
            .select({ id: swapProposals.id })
            .from(swapProposals)
            .where(due)
            .orderBy(swapProposals.id)
            .for("update", { skipLocked: true }),
        ),
      ),
    )
    .returning();
  return rows.map((r) => r.id);
}

/** The receiver's reminder (proposal_expiring_soon) of a proposal that expires within 6 hours. */
export const EXPIRY_WARNING = {
  job: EXPIRY_WARNING_JOB,
  status: "pending",
  deadline: swapProposals.expiresAt,
  withinHours: EXPIRY_WARNING_HOURS,
  event: "swap.expiring",
} as const satisfies SwapReminder;

/** Claims each proposal's expiry warning once across processes (its event mails the receiver). */
export function claimExpiryWarnings(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { withinHours = EXPIRY_WARNING_HOURS }: { withinHours?: number } = {},
): Promise<RemindedSwap[]> {
  return claimSwapReminders(deps, { ...EXPIRY_WARNING, withinHours });
}
