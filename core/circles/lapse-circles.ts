import { and, eq, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import type { Clock } from "../shared/clock";

/**
 * The sweep: every circle still offered when its answer window has passed lapses, in one statement. Nothing is
 * reserved while a circle is offered, so there is nothing to release. Returns the lapsed circles' ids.
 */
export async function lapseCircles({ db, clock }: { db: Db; clock: Clock }): Promise<string[]> {
  const now = clock.now();
  const lapsed = await db
    .update(swapCircles)
    .set({ status: "lapsed", closedAt: now })
    .where(and(eq(swapCircles.status, "offered"), lte(swapCircles.expiresAt, now)))
    .returning();
  return lapsed.map((row) => row.id);
}
