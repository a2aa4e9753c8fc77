import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";

/**
 * A party's fee was given back while their swap still waits for payment: it no longer counts, so they pay again
 * before contact details unlock. A completed swap stays completed (the refund is a goodwill gesture then).
 * Returns whether the party's paid flag was cleared. Call it holding the swap's row lock.
 */
export async function releasePaidFee(
  tx: Db,
  { swap, userId, now }: { swap: typeof swapProposals.$inferSelect; userId: string; now: Date },
): Promise<boolean> {
  if (swap.status !== "accepted") return false;
  const side = swap.proposerId === userId ? "proposerPaid" : swap.receiverId === userId ? "receiverPaid" : null;
  if (!side || !swap[side]) return false;
  await tx
    .update(swapProposals)
    .set({ [side]: false, updatedAt: now })
    .where(eq(swapProposals.id, swap.id));
  return true;
}
