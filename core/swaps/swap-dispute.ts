import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import { lockSwapForStaff, requireNotes, type SwapChange } from "./staff-swap-guards";

export const ALREADY_DISPUTED = "This swap is already under dispute";
export const NOT_DISPUTED = "This swap has no open dispute";

type Swap = Awaited<ReturnType<typeof lockSwapForStaff>>;
type DisputeStep = {
  action: "mark_dispute" | "resolve_dispute";
  set: Partial<typeof swapProposals.$inferInsert>;
  metadata: Record<string, unknown>;
};

/**
 * An admin marks a swap as disputed, with notes: both parties then see on My Swaps that it is under review.
 * Any swap can be disputed, whatever its status (disputes mostly follow a completed swap); a resolved dispute can
 * be opened again, and the audit log keeps every round.
 */
export async function markSwapDispute(db: Db, change: SwapChange & { notes: unknown }) {
  const notes = requireNotes(change.notes);
  await changeDispute(db, change, (swap) => {
    if (swap.isDisputed) throw new AppError("CONFLICT", ALREADY_DISPUTED);
    return {
      action: "mark_dispute",
      set: { isDisputed: true, disputeNotes: notes, disputeResolvedAt: null, disputeResolution: null },
      metadata: { notes, status: swap.status, reopened: swap.disputeResolvedAt !== null },
    };
  });
}

/** An admin resolves the open dispute with resolution notes; the parties' "under review" line goes away. */
export async function resolveSwapDispute(db: Db, change: SwapChange & { resolution: unknown }) {
  const resolution = requireNotes(change.resolution);
  await changeDispute(db, change, (swap) => {
    if (!swap.isDisputed) throw new AppError("CONFLICT", NOT_DISPUTED);
    return {
      action: "resolve_dispute",
      set: { isDisputed: false, disputeResolvedAt: change.now, disputeResolution: resolution },
      metadata: { resolution, notes: swap.disputeNotes },
    };
  });
}

/** Locks the swap, lets `step` refuse or say what changes, then saves that with its audit row, in one transaction. */
async function changeDispute(db: Db, change: SwapChange, step: (swap: Swap) => DisputeStep) {
  await db.transaction(async (tx) => {
    const swap = await lockSwapForStaff(tx, change.swapId);
    const { action, set, metadata } = step(swap);
    await tx
      .update(swapProposals)
      .set({ ...set, updatedAt: change.now })
      .where(eq(swapProposals.id, swap.id));
    await recordAdminAction(tx, {
      actorId: change.actor.userId,
      action,
      targetType: "swap",
      targetId: swap.id,
      metadata,
      ip: change.actor.ip,
      userAgent: change.actor.userAgent,
    });
  });
}
