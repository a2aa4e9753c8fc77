import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { answerPendingSwap, findSwapAsParty, refuseUnlessOpen } from "./swap-guards";

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
    await answerPendingSwap(tx, { swapId, actorId, as: "proposer", now, set: { status: "withdrawn" } });
  });
  return { status: "withdrawn" as const };
}
