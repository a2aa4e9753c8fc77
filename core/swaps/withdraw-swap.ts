import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { answerPendingSwap, findSwapAsParty, offerMaker, refuseUnlessOpen } from "./swap-guards";

export const ONLY_PROPOSER_WITHDRAWS = "Only the proposer can withdraw this proposal";

/** The proposer takes back a pending proposal. Conditional, so it cannot undo an accept that won the race. */
export async function withdrawSwap(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, actorId }: { swapId: string; actorId: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const swap = await findSwapAsParty(tx, { swapId, actorId });
    // The proposer, or after a counter-offer whoever made it (decision 103): they take their offer back.
    if (offerMaker(swap) !== actorId) throw new AppError("FORBIDDEN", ONLY_PROPOSER_WITHDRAWS);
    refuseUnlessOpen(swap, now);
    await answerPendingSwap(tx, { swapId, actorId, as: "maker", now, set: { status: "withdrawn" } });
    await recordEvent(tx, { kind: "swap.withdrawn", subjectId: swapId, payload: { actorId } });
  });
  await deliverAfterCommit(deps);
  return { status: "withdrawn" as const };
}
