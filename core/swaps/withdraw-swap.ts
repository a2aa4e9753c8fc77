import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { swapProposals } from "../../db/schema/swaps";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { explainClosedSwap, findSwapAsParty, refuseUnlessOpen } from "./swap-guards";

export const ONLY_PROPOSER_WITHDRAWS = "Only the proposer can withdraw this proposal";

/** The proposer takes back a pending proposal. Conditional, so it cannot undo an accept that won the race. */
export async function withdrawSwap(
  deps: { db: Db; clock: Clock },
  { swapId, actorId }: { swapId: string; actorId: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const swap = await findSwapAsParty(tx, { swapId, actorId });
    if (swap.proposerId !== actorId) throw new AppError("FORBIDDEN", ONLY_PROPOSER_WITHDRAWS);
    refuseUnlessOpen(swap, now);
    const [withdrawn] = await tx
      .update(swapProposals)
      .set({ status: "withdrawn", respondedAt: now, updatedAt: now })
      .where(
        and(
          eq(swapProposals.id, swapId),
          eq(swapProposals.proposerId, actorId),
          eq(swapProposals.status, "pending"),
          gt(swapProposals.expiresAt, now),
        ),
      )
      .returning();
    if (!withdrawn) await explainClosedSwap(tx, { swapId, now });
  });
  return { status: "withdrawn" as const };
}
