import { and, eq, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { recordEvents } from "../events/record-event";
import type { Clock } from "../shared/clock";

/**
 * The sweep: every circle still offered when its answer window has passed lapses, in one statement. Nothing is
 * reserved while a circle is offered, so there is nothing to release; each member is told, in the same
 * transaction. Returns the lapsed circles' ids.
 */
export async function lapseCircles({ db, clock }: { db: Db; clock: Clock }): Promise<string[]> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(swapCircles)
      .set({ status: "lapsed", closedAt: now })
      .where(and(eq(swapCircles.status, "offered"), lte(swapCircles.expiresAt, now)))
      .returning();
    await recordEvents(
      tx,
      lapsed.map(({ id }) => ({ kind: "circle.closed", subjectId: id, payload: { reason: "lapsed" } })),
    );
    return lapsed.map((row) => row.id);
  });
}
