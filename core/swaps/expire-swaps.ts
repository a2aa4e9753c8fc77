import { and, asc, eq, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Db } from "../../db/client";
import { jobRuns } from "../../db/schema/ops";
import { swapProposals } from "../../db/schema/swaps";
import type { Clock } from "../shared/clock";

/** The job_runs name under which each "your proposal expires soon" warning is claimed (run_key = swap id). */
export const EXPIRY_WARNING_JOB = "expiry-warning";
export const EXPIRY_WARNING_HOURS = 6;

export type ExpiringSwap = { id: string; proposerId: string; receiverId: string; expiresAt: Date };

/**
 * Marks every pending proposal whose 48 hours are up as expired; returns their ids (for the "expired"
 * mails). Idempotent and cheap, so the scheduler runs it every minute. Accepting never relies on it:
 * acceptSwap checks expires_at itself.
 */
export async function expireSwaps(deps: { db: Db; clock: Clock }): Promise<string[]> {
  const now = deps.clock.now();
  const due = and(eq(swapProposals.status, "pending"), lte(swapProposals.expiresAt, now));
  const rows = await deps.db
    .update(swapProposals)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        due,
        // Rows an accept or decline is working on right now are skipped, not waited for: whatever that
        // transaction decides stands, and anything still pending is caught on the next run.
        inArray(
          swapProposals.id,
          deps.db
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

/** Pending proposals that expire within `withinHours` and have not been warned about yet. */
export async function findSwapsExpiringSoon(
  deps: { db: Db; clock: Clock },
  { withinHours = EXPIRY_WARNING_HOURS }: { withinHours?: number } = {},
): Promise<ExpiringSwap[]> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + withinHours * 60 * 60 * 1000);
  return deps.db
    .select({
      id: swapProposals.id,
      proposerId: swapProposals.proposerId,
      receiverId: swapProposals.receiverId,
      expiresAt: swapProposals.expiresAt,
    })
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.status, "pending"),
        gt(swapProposals.expiresAt, now),
        lte(swapProposals.expiresAt, horizon),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(jobRuns)
            .where(and(eq(jobRuns.job, EXPIRY_WARNING_JOB), eq(jobRuns.runKey, sql`${swapProposals.id}::text`))),
        ),
      ),
    )
    .orderBy(asc(swapProposals.id));
}

/**
 * Claims the expiry warning of each proposal expiring soon, exactly once across processes: the
 * INSERT ... ON CONFLICT DO NOTHING RETURNING into job_runs decides who sends each warning. Returns the
 * swaps this call claimed; the caller sends the mails.
 */
export async function claimExpiryWarnings(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  options: { withinHours?: number } = {},
): Promise<ExpiringSwap[]> {
  const candidates = await findSwapsExpiringSoon(deps, options);
  if (candidates.length === 0) return [];
  const now = deps.clock.now();
  // Inserted in key order, so two processes claiming overlapping sets cannot deadlock on each other.
  const keys = candidates.map((c) => c.id).sort();
  const mine = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values(keys.map((runKey) => ({ job: EXPIRY_WARNING_JOB, runKey, startedAt: now, finishedAt: now })))
      .onConflictDoNothing()
      .returning();
    // The receiver is reminded (proposal_expiring_soon) by the claim's own event: claimed once, mailed once.
    for (const { runKey } of claimed) await recordEvent(tx, { kind: "swap.expiring", subjectId: runKey });
    return new Set(claimed.map((c) => c.runKey));
  });
  await deliverAfterCommit(deps);
  return candidates.filter((c) => mine.has(c.id));
}
