import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";
import { lockArrangingSwap } from "./arranging-guards";
import { recordSwapStep } from "./record-swap-step";

/**
 * "We've swapped": this member confirms the exchange happened. When the other has confirmed too the swap is
 * completed (completed_how 'confirmed') and reviews open; otherwise the other member is asked to confirm. Under the
 * swap's row lock, so two confirmations at the same moment complete it exactly once, and the quiet-week job
 * (complete-quiet-swaps.ts) waits for it. Confirming twice changes nothing.
 */
export async function confirmSwapped(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, actorId }: { swapId: string; actorId: string },
): Promise<{ completed: boolean }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const swap = await lockArrangingSwap(tx, { swapId, actorId });
    const proposing = swap.proposerId === actorId;
    const mine = proposing ? swap.proposerSwappedAt : swap.receiverSwappedAt;
    const theirs = proposing ? swap.receiverSwappedAt : swap.proposerSwappedAt;
    if (mine) return { completed: false };
    const completed = theirs !== null;
    await tx
      .update(swapProposals)
      .set({
        ...(proposing ? { proposerSwappedAt: now } : { receiverSwappedAt: now }),
        ...(completed ? { status: "completed" as const, completedAt: now, completedHow: "confirmed" as const } : {}),
        updatedAt: now,
      })
      .where(eq(swapProposals.id, swap.id));
    await recordSwapStep(tx, { swap, step: "swapped", actorId, now });
    if (completed) {
      await recordSwapStep(tx, { swap, step: "completed", actorId: null, payload: { how: "confirmed" }, now });
      await recordEvent(tx, {
        kind: "swap.completed",
        subjectId: swap.id,
        payload: { how: "confirmed", userId: actorId },
      });
    } else {
      await recordEvent(tx, { kind: "swap.swapped", subjectId: swap.id, payload: { userId: actorId } });
    }
    return { completed };
  });
  await deliverAfterCommit(deps);
  return result;
}
