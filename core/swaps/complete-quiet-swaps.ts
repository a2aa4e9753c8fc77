import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProblems, swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";
import { recordSwapStep } from "./record-swap-step";

/** An arranging swap completes on its own this long after the handshake, unless a problem is open on it. */
export const QUIET_WEEK_DAYS = 7;

const openProblem = (swapId: unknown) =>
  sql`exists (select 1 from ${swapProblems} p where p.swap_proposal_id = ${swapId} and p.status = 'open')`;

/**
 * The quiet-week job: every swap arranging for 7 days since its handshake, with no open problem reported on it,
 * is completed (completed_how 'timed_out'), and both members are told (reviews open). One transaction per swap,
 * each taking the swap's row lock first (as "We've swapped" and "Report a problem" do) and then checking again:
 * a swap a member has just completed, or reported a problem on, is left alone. Returns the swaps it completed.
 */
export async function completeQuietSwaps(deps: { db: Db; clock: Clock; env?: { APP_URL: string } }): Promise<string[]> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - QUIET_WEEK_DAYS * 86_400_000);
  const due = await deps.db
    .select({ id: swapProposals.id })
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.status, "arranging"),
        lte(swapProposals.handshakeAt, cutoff),
        sql`not ${openProblem(swapProposals.id)}`,
      ),
    )
    .orderBy(asc(swapProposals.handshakeAt))
    .limit(500);
  const completed: string[] = [];
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      // Another process, or a member, holds it: they are deciding; this swap waits for the next run.
      const [swap] = await tx
        .select()
        .from(swapProposals)
        .where(
          and(eq(swapProposals.id, id), eq(swapProposals.status, "arranging"), lte(swapProposals.handshakeAt, cutoff)),
        )
        .for("update", { skipLocked: true });
      if (!swap) return false;
      // Read after the lock (a new statement sees what committed before it): a problem reported meanwhile counts.
      const [problem] = await tx
        .select({ one: sql`1` })
        .from(swapProblems)
        .where(and(eq(swapProblems.swapProposalId, id), eq(swapProblems.status, "open")))
        .limit(1);
      if (problem) return false;
      await tx
        .update(swapProposals)
        .set({ status: "completed", completedAt: now, completedHow: "timed_out", updatedAt: now })
        .where(eq(swapProposals.id, id));
      await recordSwapStep(tx, { swap, step: "completed", actorId: null, payload: { how: "timed_out" }, now });
      await recordEvent(tx, { kind: "swap.completed", subjectId: id, payload: { how: "timed_out" } });
      return true;
    });
    if (done) completed.push(id);
  }
  if (completed.length > 0) await deliverAfterCommit(deps);
  return completed;
}
