import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";

// Refusals shared by the swap circle use cases, and the one way they find a circle for one of its members.
export const CIRCLE_NOT_FOUND = "Swap circle not found";
export const CIRCLE_NOT_OPEN = "This swap circle is no longer open";
export const CIRCLE_ALREADY_ACCEPTED = "You have already accepted this swap circle";
export const CIRCLE_LISTING_GONE = "A listing in this swap circle is no longer available";
export const CIRCLE_MEMBER_NOT_ACTIVE = "This swap circle can't go ahead: a member's account is no longer active.";

/** Every member has this long to accept a circle offered to them, or it lapses. */
export const CIRCLE_ANSWER_HOURS = 48;

export type CircleLegRow = typeof swapCircleLegs.$inferSelect;

/**
 * A circle's legs, in cycle order, for one of its members (a giver: in a circle every member gives one listing).
 * Anyone else is told it does not exist, exactly as for a missing id, so a stranger learns nothing. The legs never
 * change once offered, so this read needs no lock.
 */
export async function findLegsAsMember(db: Db, { circleId, userId }: { circleId: string; userId: string }) {
  if (!isUuid(circleId)) throw new AppError("NOT_FOUND", CIRCLE_NOT_FOUND);
  const legs = await db
    .select()
    .from(swapCircleLegs)
    .where(eq(swapCircleLegs.circleId, circleId))
    .orderBy(asc(swapCircleLegs.position));
  const mine = legs.find((leg) => leg.giverId === userId);
  if (!mine) throw new AppError("NOT_FOUND", CIRCLE_NOT_FOUND);
  return { legs, mine };
}

/** The circle's row, locked for the rest of the transaction: its members' answers queue on it. */
export async function lockCircle(tx: Db, circleId: string) {
  const [circle] = await tx.select().from(swapCircles).where(eq(swapCircles.id, circleId)).for("update");
  if (!circle) throw new AppError("NOT_FOUND", CIRCLE_NOT_FOUND);
  return circle;
}

/** A circle can be answered while offered and before it expires, whether or not the lapse sweep has run. */
export function refuseUnlessCircleOpen(circle: { status: string; expiresAt: Date }, now: Date) {
  if (circle.status !== "offered" || circle.expiresAt <= now) throw new AppError("CONFLICT", CIRCLE_NOT_OPEN);
}

/** A circle goes ahead only among active members (refuseUnlessBothActive's rule, for two or three). */
export async function refuseUnlessAllActive(db: Db, memberIds: string[]) {
  const active = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(inArray(profiles.userId, memberIds), eq(profiles.status, "active"), isNull(profiles.deletedAt)));
  if (active.length < new Set(memberIds).size) throw new AppError("CONFLICT", CIRCLE_MEMBER_NOT_ACTIVE);
}
