import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapMeetings } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { lockArrangingSwap } from "./arranging-guards";
import { recordSwapStep } from "./record-swap-step";

export const MEETING_NOT_OPEN =
  "That time and place is no longer open to agree: it was changed or already answered. See the latest one.";

/**
 * The other member agrees to the live proposed time and place: it becomes agreed (the .ics file and the reminder
 * two hours before follow). Only the member who did not propose it can agree, and only to the one still proposed
 * (`meetingId` names it, so an answer to an old page cannot agree to a newer proposal).
 */
export async function agreeMeeting(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, meetingId, actorId }: { swapId: string; meetingId: string; actorId: string },
) {
  const now = deps.clock.now();
  const meeting = await deps.db.transaction(async (tx) => {
    const swap = await lockArrangingSwap(tx, { swapId, actorId });
    if (!isUuid(meetingId)) throw new AppError("CONFLICT", MEETING_NOT_OPEN);
    const [agreed] = await tx
      .update(swapMeetings)
      .set({ status: "agreed", respondedAt: now })
      .where(
        and(
          eq(swapMeetings.id, meetingId),
          eq(swapMeetings.swapProposalId, swap.id),
          eq(swapMeetings.status, "proposed"),
          ne(swapMeetings.proposedBy, actorId),
          gt(swapMeetings.meetAt, now),
        ),
      )
      .returning();
    if (!agreed) throw new AppError("CONFLICT", MEETING_NOT_OPEN);
    const facts = { meetAt: agreed.meetAt.toISOString(), place: agreed.place };
    await recordSwapStep(tx, { swap, step: "meeting_agreed", actorId, payload: facts, now });
    await recordEvent(tx, { kind: "swap.meeting_agreed", subjectId: swap.id, payload: { userId: actorId, ...facts } });
    return agreed;
  });
  await deliverAfterCommit(deps);
  return meeting;
}
