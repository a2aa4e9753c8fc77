import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";
import { findLegsAsMember, lockCircle, refuseUnlessCircleOpen } from "./circle-guards";

/**
 * A member says no to a circle offered to them: it closes for everyone, and the others are told. Nothing was
 * reserved while it was offered, so nothing needs releasing.
 */
export async function declineCircle(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { circleId, userId }: { circleId: string; userId: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await findLegsAsMember(tx, { circleId, userId });
    refuseUnlessCircleOpen(await lockCircle(tx, circleId), now);
    await tx
      .update(swapCircles)
      .set({ status: "declined", closedAt: now, closedById: userId })
      .where(eq(swapCircles.id, circleId));
    await recordEvent(tx, {
      kind: "circle.closed",
      subjectId: circleId,
      payload: { reason: "declined", actorId: userId },
    });
  });
  await deliverAfterCommit(deps);
}
