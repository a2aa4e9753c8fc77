import type { Db } from "#db/client.ts";
import { recordThreadEvent, type ThreadSwap } from "../conversations/record-thread-event";

/** The steps of an arranging swap that the thread shows as lines (decision 096). */
export const SWAP_STEPS = ["meeting_proposed", "meeting_agreed", "swapped", "completed"] as const;
export type SwapStep = (typeof SWAP_STEPS)[number];

/**
 * Puts an arranging step in the swap's thread, in the caller's transaction. The thread event kinds are fixed by the
 * database's check (proposal, accepted, paid, review), so a step is an "accepted"-kind line whose payload names the
 * `step` (thread-event-text.ts reads it first). A later migration may give the steps kinds of their own; this is
 * the one place that would change.
 */
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
  return recordThreadEvent(tx, { swap, kind: "accepted", actorId, payload: { ...payload, step }, now });
}
