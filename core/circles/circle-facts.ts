import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";

/** One leg of a circle as its notices name it: who gives what to whom. */
export type CircleFactLeg = { giverId: string; giverName: string; listingTitle: string; receiverId: string };

/** A circle as its notices need it, read when its event is dispatched; `event` is what the event itself carried. */
export type CircleFacts = {
  circleId: string;
  status: string;
  legs: CircleFactLeg[];
  event: Record<string, unknown>;
};

/** The circle of a circle event and its legs in cycle order, or null when it is gone (nothing to tell). */
export async function loadCircleFacts(
  tx: Db,
  event: { subjectId: string; payload: Record<string, unknown> },
): Promise<CircleFacts | null> {
  const [circle] = await tx
    .select({ id: swapCircles.id, status: swapCircles.status })
    .from(swapCircles)
    .where(eq(swapCircles.id, event.subjectId));
  if (!circle) return null;
  const legs = await tx
    .select({
      giverId: swapCircleLegs.giverId,
      giverName: users.name,
      listingTitle: listings.title,
      receiverId: swapCircleLegs.receiverId,
    })
    .from(swapCircleLegs)
    .innerJoin(users, eq(users.id, swapCircleLegs.giverId))
    .innerJoin(listings, eq(listings.id, swapCircleLegs.listingId))
    .where(eq(swapCircleLegs.circleId, circle.id))
    .orderBy(asc(swapCircleLegs.position));
  return { circleId: circle.id, status: circle.status, legs, event: event.payload };
}

/** What one member of the circle gives and to whom, and gets and from whom (a notice's facts for that member). */
export type CircleNotice = {
  circleId: string;
  giveTitle: string;
  giveToName: string;
  getTitle: string;
  getFromName: string;
};

export function circleNoticeFor(f: CircleFacts, userId: string): CircleNotice | null {
  const give = f.legs.find((leg) => leg.giverId === userId);
  const get = f.legs.find((leg) => leg.receiverId === userId);
  if (!give || !get) return null;
  const nameOf = (id: string) => f.legs.find((leg) => leg.giverId === id)?.giverName ?? "a member";
  return {
    circleId: f.circleId,
    giveTitle: give.listingTitle,
    giveToName: nameOf(give.receiverId),
    getTitle: get.listingTitle,
    getFromName: get.giverName,
  };
}
