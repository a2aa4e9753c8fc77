import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapMeetings } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { hasNul, NUL_REFUSED } from "../shared/nul-characters";
import { fromSydneyLocal } from "../shared/time";
import { lockArrangingSwap } from "./arranging-guards";
import { recordSwapStep } from "./record-swap-step";

export const MEETING_PLACE_MAX = 200;
/** A meeting is arranged for the coming weeks, not next year. */
export const MEETING_MAX_DAYS_AHEAD = 60;

export const MEET_AT_REQUIRED = "Choose a date and time to meet.";
export const MEET_AT_PAST = "Choose a time in the future.";
export const MEET_AT_TOO_FAR = `Choose a time within the next ${MEETING_MAX_DAYS_AHEAD} days.`;
export const PLACE_REQUIRED = "Say where to meet.";
export const PLACE_TOO_LONG = `Keep the place to ${MEETING_PLACE_MAX} characters.`;

/** The form's two fields: a Sydney date and time (datetime-local) and a place, checked; the refusal names its field. */
export function readMeetingForm(
  form: { meetAt?: unknown; place?: unknown },
  now: Date,
): { meetAt: Date; place: string } {
  const text = typeof form.meetAt === "string" ? form.meetAt.trim() : "";
  const place = typeof form.place === "string" ? form.place.trim().replace(/\s+/g, " ") : "";
  if (hasNul(form.place) || hasNul(form.meetAt)) throw new AppError("VALIDATION", NUL_REFUSED);
  const meetAt = text ? fromSydneyLocal(text.slice(0, 16)) : null;
  if (!meetAt) throw new AppError("VALIDATION", MEET_AT_REQUIRED, { field: "meetAt" });
  if (meetAt.getTime() <= now.getTime()) throw new AppError("VALIDATION", MEET_AT_PAST, { field: "meetAt" });
  if (meetAt.getTime() > now.getTime() + MEETING_MAX_DAYS_AHEAD * 86_400_000)
    throw new AppError("VALIDATION", MEET_AT_TOO_FAR, { field: "meetAt" });
  if (!place) throw new AppError("VALIDATION", PLACE_REQUIRED, { field: "place" });
  if ([...place].length > MEETING_PLACE_MAX) throw new AppError("VALIDATION", PLACE_TOO_LONG, { field: "place" });
  return { meetAt, place };
}

/**
 * "Propose a time and place" (or "Suggest another") on an arranging swap: the new proposal becomes the swap's one
 * live meeting. The one it replaces is kept as history: `replaced` when it was this member's own or already agreed,
 * `declined` when it was the other member's proposal (suggesting another is the answer to it). The other member is
 * told (a thread line and a notice). One transaction, under the swap's row lock.
 */
export async function proposeMeeting(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, actorId, form }: { swapId: string; actorId: string; form: { meetAt?: unknown; place?: unknown } },
) {
  const now = deps.clock.now();
  const { meetAt, place } = readMeetingForm(form, now);
  const meeting = await deps.db.transaction(async (tx) => {
    const swap = await lockArrangingSwap(tx, { swapId, actorId });
    const live = await tx
      .select()
      .from(swapMeetings)
      .where(and(eq(swapMeetings.swapProposalId, swap.id), inArray(swapMeetings.status, ["proposed", "agreed"])));
    for (const old of live) {
      const answered = old.status === "proposed" && old.proposedBy !== actorId;
      await tx
        .update(swapMeetings)
        .set({ status: answered ? "declined" : "replaced", respondedAt: now })
        .where(eq(swapMeetings.id, old.id));
    }
    const [created] = await tx
      .insert(swapMeetings)
      .values({ swapProposalId: swap.id, proposedBy: actorId, meetAt, place, createdAt: now })
      .returning();
    const facts = { meetAt: meetAt.toISOString(), place };
    await recordSwapStep(tx, { swap, step: "meeting_proposed", actorId, payload: facts, now });
    await recordEvent(tx, {
      kind: "swap.meeting_proposed",
      subjectId: swap.id,
      payload: { userId: actorId, ...facts },
    });
    return created;
  });
  await deliverAfterCommit(deps);
  return meeting;
}
