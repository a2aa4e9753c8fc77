import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { answerPendingSwap, findSwapAsParty, offerAnswerer, refuseUnlessOpen, YOUR_OWN_OFFER } from "./swap-guards";

export const ONLY_RECEIVER_DECLINES = "Only the receiver can decline this proposal";

/** The receiver declines a pending proposal. Conditional, so a decline racing an accept cannot undo it. */
export async function rejectSwap(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, actorId }: { swapId: string; actorId: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const swap = await findSwapAsParty(tx, { swapId, actorId });
    // The receiver, or after a counter-offer whoever it was made to (decision 103).
    if (offerAnswerer(swap) !== actorId)
      throw new AppError("FORBIDDEN", swap.offerById ? YOUR_OWN_OFFER : ONLY_RECEIVER_DECLINES);
    refuseUnlessOpen(swap, now);
    await answerPendingSwap(tx, { swapId, actorId, as: "answerer", now, set: { status: "rejected" } });
    await recordEvent(tx, { kind: "swap.declined", subjectId: swapId, payload: { actorId } });
  });
  await deliverAfterCommit(deps);
  return { status: "rejected" as const };
}
