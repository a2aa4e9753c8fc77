import type { Db } from "../../db/client";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { answerPendingSwap, findSwapAsParty, refuseUnlessOpen } from "./swap-guards";

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
    await answerPendingSwap(tx, { swapId, actorId, as: "receiver", now, set: { status: "rejected" } });
  });
  return { status: "rejected" as const };
}
