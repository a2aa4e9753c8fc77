import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import { findAllCircles } from "../swaps/find-swap-circles";
import { offerFoundCircles } from "./offer-found-circles";

/**
 * The nightly pass (decision 108): the finder walks the whole want graph once (findAllCircles, decision 104) and the
 * circles it keeps are offered by the same rules as the events path's (not turned down before, no listing in another
 * open circle, no blocked pair), a batch at a time with a few set-based statements (decision 109), in the pass's one
 * transaction with the circles' events. It catches what the events path cannot see: a listing back on offer after
 * its swap lapsed, a member unblocked, a circle whose offer lapsed unanswered long ago is never offered again.
 * Returns how many circles were offered.
 */
export async function offerCirclesNightly(deps: { db: Db; clock: Clock }): Promise<number> {
  const now = deps.clock.now();
  let offered = 0;
  await findAllCircles(deps.db, {
    onCircles: async (circles, tx) => {
      offered += await offerFoundCircles(tx, circles, { now });
    },
  });
  return offered;
}
