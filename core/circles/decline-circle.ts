import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import type { Clock } from "../shared/clock";
import { findLegsAsMember, lockCircle, refuseUnlessCircleOpen } from "./circle-guards";

/**
 * A member says no to a circle offered to them: it closes for everyone. Nothing was reserved while it was offered,
 * so nothing needs releasing.
 */
export async function declineCircle(
  { db, clock }: { db: Db; clock: Clock },
  { circleId, userId }: { circleId: string; userId: string },
): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await findLegsAsMember(tx, { circleId, userId });
    refuseUnlessCircleOpen(await lockCircle(tx, circleId), now);
    await tx
      .update(swapCircles)
      .set({ status: "declined", closedAt: now, closedById: userId })
      .where(eq(swapCircles.id, circleId));
  });
}
