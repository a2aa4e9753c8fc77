import { and, eq, isNull, lte, notExists } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { swapProblems } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent, recordEvents } from "../events/record-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { QUIET_WEEK_DAYS } from "../swaps/complete-quiet-swaps";
import { findLegsAsMember, lockCircle } from "./circle-guards";

// After a circle's handshake (decision 110): each member confirms "We've swapped" once they have handed theirs over
// and have the one they get; when the last one confirms, or a week after the handshake, the circle is completed.

/** A circle completes on its own this long after its handshake: a swap's quiet week (decision 096), the same days. */
export const CIRCLE_QUIET_DAYS = QUIET_WEEK_DAYS;
export const CIRCLE_NOT_ARRANGING = "This swap circle is not being arranged";

/**
 * "We've swapped", by one member of an arranging circle. Under the circle's row lock, so the last two confirming at
 * the same moment complete it exactly once, and the quiet-week sweep waits for it. Confirming twice, or after the
 * circle completed, changes nothing. Anyone but a member is told it does not exist.
 */
export async function confirmCircleSwapped(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { circleId, userId }: { circleId: string; userId: string },
): Promise<{ completed: boolean }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const { mine } = await findLegsAsMember(tx, { circleId, userId });
    const circle = await lockCircle(tx, circleId);
    if (circle.status === "completed") return { completed: true };
    if (circle.status !== "arranging") throw new AppError("CONFLICT", CIRCLE_NOT_ARRANGING);
    await tx
      .update(swapCircleLegs)
      .set({ swappedAt: now })
      .where(
        and(
          eq(swapCircleLegs.circleId, circleId),
          eq(swapCircleLegs.giverId, mine.giverId),
          isNull(swapCircleLegs.swappedAt),
        ),
      );
    // Read under the lock: every confirmation before this one has committed.
    const waiting = await tx
      .select({ giverId: swapCircleLegs.giverId })
      .from(swapCircleLegs)
      .where(and(eq(swapCircleLegs.circleId, circleId), isNull(swapCircleLegs.swappedAt)));
    if (waiting.length > 0) return { completed: false };
    await tx
      .update(swapCircles)
      .set({ status: "completed", completedAt: now, completedHow: "confirmed" })
      .where(eq(swapCircles.id, circleId));
    await recordEvent(tx, { kind: "circle.completed", subjectId: circleId, payload: { how: "confirmed" } });
    return { completed: true };
  });
  await deliverAfterCommit(deps);
  return result;
}

/**
 * The quiet week: every circle arranging for CIRCLE_QUIET_DAYS since its handshake, with no problem open, is
 * completed (timed_out), in one statement (its row locks wait for a confirmation in progress, and the status is
 * checked again after it), and every member is told, in the same transaction. Returns the completed circles' ids.
 */
export async function completeQuietCircles({ db, clock }: { db: Db; clock: Clock }): Promise<string[]> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - CIRCLE_QUIET_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const completed = await tx
      .update(swapCircles)
      .set({ status: "completed", completedAt: now, completedHow: "timed_out" })
      .where(
        and(
          eq(swapCircles.status, "arranging"),
          lte(swapCircles.handshakeAt, cutoff),
          // A member's open problem holds the circle until staff resolve it (decision 112).
          notExists(
            tx
              .select({ id: swapProblems.id })
              .from(swapProblems)
              .where(and(eq(swapProblems.circleId, swapCircles.id), eq(swapProblems.status, "open"))),
          ),
        ),
      )
      .returning();
    await recordEvents(
      tx,
      completed.map(({ id }) => ({ kind: "circle.completed", subjectId: id, payload: { how: "timed_out" } })),
    );
    return completed.map((row) => row.id);
  });
}
