import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapMeetings, swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import type { Clock } from "../shared/clock";

/** The reminder notice goes out this long before an agreed meeting. */
export const MEETING_REMINDER_HOURS = 2;

/**
 * The meeting reminder job: each agreed meeting of an arranging swap that starts within the next two hours is
 * reminded once (both members get a notice). The claim is a conditional UPDATE ... RETURNING on reminded_at in the
 * transaction that records the event, so however many processes run it, each meeting is reminded exactly once.
 * Returns the meetings this call reminded.
 */
export async function remindMeetings(deps: { db: Db; clock: Clock; env?: { APP_URL: string } }): Promise<string[]> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + MEETING_REMINDER_HOURS * 3_600_000);
  const reminded = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(swapMeetings)
      .set({ remindedAt: now })
      .where(
        and(
          eq(swapMeetings.status, "agreed"),
          isNull(swapMeetings.remindedAt),
          gt(swapMeetings.meetAt, now),
          lte(swapMeetings.meetAt, horizon),
          inArray(
            swapMeetings.swapProposalId,
            tx.select({ id: swapProposals.id }).from(swapProposals).where(eq(swapProposals.status, "arranging")),
          ),
        ),
      )
      .returning();
    for (const meeting of claimed)
      await recordEvent(tx, {
        kind: "swap.meeting_soon",
        subjectId: meeting.swapProposalId,
        payload: { meetAt: meeting.meetAt.toISOString(), place: meeting.place },
      });
    return claimed.map((m) => m.id);
  });
  if (reminded.length > 0) await deliverAfterCommit(deps);
  return reminded;
}
