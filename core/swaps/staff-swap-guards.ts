import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import type { StaffActor } from "../staff/pass-staff-gate";
import { isUuid } from "../shared/ids";
import { requireText } from "../shared/reason";

export const SWAP_NOT_FOUND_FOR_STAFF = "Swap not found";
export const NOTES_REQUIRED = "Notes are required";

export type SwapChange = { actor: StaffActor; swapId: string; now: Date };

/** The swap, locked for a staff change (first in the lock order every swap and payment change shares). */
export async function lockSwapForStaff(tx: Db, swapId: string) {
  if (!isUuid(swapId)) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND_FOR_STAFF);
  const [swap] = await tx.select().from(swapProposals).where(eq(swapProposals.id, swapId)).for("update");
  if (!swap) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND_FOR_STAFF);
  return swap;
}

/** Staff notes on a dispute: required, trimmed, at most 2000 characters. */
export const requireNotes = (value: unknown): string => requireText(value, NOTES_REQUIRED, 2000);
