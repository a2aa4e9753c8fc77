import type { Db } from "#db/client.ts";
import { recordThreadEvent, type ThreadSwap } from "../conversations/record-thread-event";

/** The steps of an arranging swap that the thread shows as lines (decision 096). */
export const SWAP_STEPS = ["meeting_proposed", "meeting_agreed", "swapped", "completed"] as const;
export type SwapStep = (typeof SWAP_STEPS)[number];

/** Puts an arranging step in the swap's thread as a line of its own kind, in the caller's transaction. */
export function recordSwapStep(
  tx: Db,
  {
    swap,
    step,
    actorId,
    payload = {},
    now,
  }: { swap: ThreadSwap; step: SwapStep; actorId: string | null; payload?: Record<string, unknown>; now: Date },
): Promise<string> {
  return recordThreadEvent(tx, { swap, kind: step, actorId, payload, now });
}
