import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import { lockSwapAsParty } from "./swap-guards";

export const NOT_ARRANGING =
  "This swap is not being arranged: both fees must be settled first, and it must not be completed.";

/**
 * An arranging swap for one of its parties, its row locked for the rest of the transaction: every step of
 * arranging (a time and place, "We've swapped", the quiet-week job) takes this lock first, so they queue and each
 * sees what the one before it did. Anyone else is told it does not exist; a swap not arranging is refused.
 */
export async function lockArrangingSwap(tx: Db, party: { swapId: string; actorId: string }) {
  const swap = await lockSwapAsParty(tx, party);
  if (swap.status !== "arranging") throw new AppError("CONFLICT", NOT_ARRANGING);
  return swap;
}
