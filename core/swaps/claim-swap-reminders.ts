import { and, asc, eq, gt, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { jobRuns } from "#db/schema/ops.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import type { SwapEventKind } from "../events/event-kinds";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";

/** A reminder sent once per swap before one of its deadlines. */
export type SwapReminder = {
  /** The job_runs key that claims it (one row per swap). */
  job: string;
  /** The swaps it is for, and the deadline it reminds of. */
  status: "pending" | "accepted";
  deadline: typeof swapProposals.expiresAt | typeof swapProposals.paymentDueAt;
  /** How long before the deadline it goes out. */
  withinHours: number;
  /** The event the claim records (its mail is the dispatcher's). */
  event: SwapEventKind;
};

export type RemindedSwap = { id: string; proposerId: string; receiverId: string; deadline: Date | null };
/** A swap to remind and what claims its reminder: the swap, and after a counter-offer (a fresh 48 hours, decision
 *  103) its round. */
type DueReminder = RemindedSwap & { runKey: string };

const reminderKey = sql<string>`${swapProposals.id}::text || case when ${swapProposals.counterRound} > 0 then ':' || ${swapProposals.counterRound} else '' end`;

/** The swaps whose deadline falls within the reminder's window and whose reminder has not been claimed. */
export function findSwapsToRemind(deps: { db: Db; clock: Clock }, reminder: SwapReminder): Promise<DueReminder[]> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + reminder.withinHours * 60 * 60 * 1000);
  return deps.db
    .select({
      id: swapProposals.id,
      proposerId: swapProposals.proposerId,
      receiverId: swapProposals.receiverId,
      deadline: reminder.deadline,
      runKey: reminderKey,
    })
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.status, reminder.status),
        gt(reminder.deadline, now),
        lte(reminder.deadline, horizon),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(jobRuns)
            .where(and(eq(jobRuns.job, reminder.job), eq(jobRuns.runKey, reminderKey))),
        ),
      ),
    )
    .orderBy(asc(swapProposals.id));
}

/**
 * Claims each due reminder exactly once across processes: INSERT ... ON CONFLICT DO NOTHING RETURNING into
 * job_runs decides who reminds, and the claim's event commits with it (claimed once, mailed once). Returns the
 * swaps this call claimed.
 */
export async function claimSwapReminders(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  reminder: SwapReminder,
): Promise<RemindedSwap[]> {
  const candidates = await findSwapsToRemind(deps, reminder);
  if (candidates.length === 0) return [];
  const now = deps.clock.now();
  // Inserted in key order, so two processes claiming overlapping sets cannot deadlock on each other.
  const keys = candidates.map((c) => c.runKey).sort();
  const swapOf = new Map(candidates.map((c) => [c.runKey, c.id]));
  const mine = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values(keys.map((runKey) => ({ job: reminder.job, runKey, startedAt: now, finishedAt: now })))
      .onConflictDoNothing()
      .returning();
    for (const { runKey } of claimed)
      await recordEvent(tx, { kind: reminder.event, subjectId: swapOf.get(runKey) ?? runKey });
    return new Set(claimed.map((c) => c.runKey));
  });
  await deliverAfterCommit(deps);
  return candidates.filter((c) => mine.has(c.runKey)).map(({ runKey: _, ...swap }) => swap);
}
