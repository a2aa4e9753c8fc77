import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { swapProposals } from "../../db/schema/swaps";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { explainClosedSwap, findSwapAsParty, refuseUnlessOpen } from "./swap-guards";

export const ONLY_RECEIVER_DECLINES = "Only the receiver can decline this proposal";

/** The receiver declines a pending proposal. Conditional, so a decline racing an accept cannot undo it. */
export async function rejectSwap(
  deps: { db: Db; clock: Clock },
  { swapId, actorId }: { swapId: string; actorId: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const swap = await findSwapAsParty(tx, { swapId, actorId });
    if (swap.receiverId !== actorId) throw new AppError("FORBIDDEN", ONLY_RECEIVER_DECLINES);
    refuseUnlessOpen(swap, now);
    const [rejected] = await tx
      .update(swapProposals)
      .set({ status: "rejected", respondedAt: now, updatedAt: now })
      .where(
        and(
          eq(swapProposals.id, swapId),
          eq(swapProposals.receiverId, actorId),
          eq(swapProposals.status, "pending"),
          gt(swapProposals.expiresAt, now),
        ),
      )
      .returning();
    if (!rejected) await explainClosedSwap(tx, { swapId, now });
  });
  return { status: "rejected" as const };
}
