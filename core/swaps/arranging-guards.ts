import { and, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import { SWAP_NOT_FOUND } from "./swap-guards";

export const NOT_ARRANGING =
  "This swap is not being arranged: both fees must be settled first, and it must not be completed.";

/**
 * An arranging swap for one of its parties, its row locked for the rest of the transaction: every step of
 * arranging (a time and place, "We've swapped", the quiet-week job) takes this lock first, so they queue and each
 * sees what the one before it did. Anyone else is told it does not exist; a swap not arranging is refused.
 */
export async function lockArrangingSwap(tx: Db, { swapId, actorId }: { swapId: string; actorId: string }) {
  if (!isUuid(swapId)) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  const [swap] = await tx
    .select()
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.id, swapId),
        or(eq(swapProposals.proposerId, actorId), eq(swapProposals.receiverId, actorId)),
      ),
    )
    .for("update");
  if (!swap) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  if (swap.status !== "arranging") throw new AppError("CONFLICT", NOT_ARRANGING);
  return swap;
}
