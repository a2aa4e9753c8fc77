import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { recordEvents } from "../events/record-event";

/** Why a circle was cancelled: a listing was gone at its last acceptance, or another deal took one. */
export type CircleCloseReason = "listing_gone" | "listing_taken";

/**
 * Cancels every offered circle holding any of these listings, other than `exceptCircleId`: what accepting a deal
 * (a circle, or an ordinary swap) does to the circles it takes listings from. Call it after the listings are locked, so that a circle whose own
 * last acceptance is racing this one waits on them and never holds its row against us. Returns the ids.
 */
export async function cancelCirclesHolding(
  tx: Db,
  { listingIds, exceptCircleId, now }: { listingIds: string[]; exceptCircleId?: string; now: Date },
): Promise<string[]> {
  const holding = tx
    .select({ id: swapCircleLegs.circleId })
    .from(swapCircleLegs)
    .where(inArray(swapCircleLegs.listingId, listingIds));
  const others = and(
    inArray(swapCircles.id, holding),
    exceptCircleId ? ne(swapCircles.id, exceptCircleId) : undefined,
    eq(swapCircles.status, "offered"),
  );
  const cancelled = await tx
    .update(swapCircles)
    .set({ status: "cancelled", closedAt: now, closeReason: "listing_taken" satisfies CircleCloseReason })
    // Locked in id order, so two accepts cancelling overlapping sets of circles cannot deadlock.
    .where(
      and(
        others,
        inArray(
          swapCircles.id,
          tx.select({ id: swapCircles.id }).from(swapCircles).where(others).orderBy(swapCircles.id).for("update"),
        ),
      ),
    )
    .returning();
  // Their members are told, in the transaction of the deal that took the listing.
  await recordEvents(
    tx,
    cancelled.map(({ id }) => ({ kind: "circle.closed", subjectId: id, payload: { reason: "listing_taken" } })),
  );
  return cancelled.map((row) => row.id);
}
