import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { recordEvent } from "../events/record-event";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import { AppError } from "../shared/app-error";
import { CIRCLE_NOT_FOUND, findLegsAsMember, refuseUnlessAllActive } from "./circle-guards";

// A circle's handshake fees (decision 105): once every member has accepted, each pays one $9.99 fee within 48
// hours, held on the card as a swap's fee is (decision 102). When the last one holds, the circle reaches its
// handshake: every listing is promised (swapped), each member sees the details of the member they give to and the
// member they get from, and settleHolds captures every hold. Until then a hold can be let go and nothing is charged.

export const CIRCLE_NOT_WAITING_FOR_PAYMENT = "This swap circle is not waiting for payment";
export const CIRCLE_ALREADY_PAID = "You have already paid for this swap circle";
export const CIRCLE_PAYMENT_WINDOW_CLOSED = "The 48 hours to pay for this swap circle have passed, so it has lapsed.";

/** Every member's fee is due within this many hours of the last acceptance, or the circle lapses. */
export const CIRCLE_PAYMENT_HOURS = 48;

export type LockedCircle = typeof swapCircles.$inferSelect & { legs: (typeof swapCircleLegs.$inferSelect)[] };

/**
 * A member is about to pay their fee: the circle locked (payments and the lapse queue on it), or a refusal that
 * changes nothing. A stranger is told it does not exist.
 */
export async function lockCircleForPayer(
  tx: Db,
  { circleId, userId, now }: { circleId: string; userId: string; now: Date },
): Promise<LockedCircle> {
  await findLegsAsMember(tx, { circleId, userId });
  const circle = await lockCircleWithLegs(tx, circleId);
  if (!circle) throw new AppError("NOT_FOUND", CIRCLE_NOT_FOUND);
  if (circle.status !== "accepted") throw new AppError("CONFLICT", CIRCLE_NOT_WAITING_FOR_PAYMENT);
  // The deadline holds whatever the lapse job has done yet.
  if (circle.paymentDueAt && circle.paymentDueAt <= now) throw new AppError("CONFLICT", CIRCLE_PAYMENT_WINDOW_CLOSED);
  if (circleFeePaid(circle, userId)) throw new AppError("CONFLICT", CIRCLE_ALREADY_PAID);
  await refuseUnlessAllActive(
    tx,
    circle.legs.map((leg) => leg.giverId),
  );
  return circle;
}

/** The circle and its legs (paid marks as they are now), locked; null for an id that is no circle. */
export async function lockCircleWithLegs(tx: Db, circleId: string): Promise<LockedCircle | null> {
  const [circle] = await tx.select().from(swapCircles).where(eq(swapCircles.id, circleId)).for("update");
  if (!circle) return null;
  const legs = await tx
    .select()
    .from(swapCircleLegs)
    .where(eq(swapCircleLegs.circleId, circleId))
    .orderBy(asc(swapCircleLegs.position));
  return { ...circle, legs };
}

/** Whether this member's fee for the circle already counts. */
export const circleFeePaid = (circle: LockedCircle, userId: string): boolean =>
  circle.legs.some((leg) => leg.giverId === userId && leg.paidAt !== null);

/** Whether the circle no longer takes fees: past waiting for payment, or its deadline gone by. */
export const circleClosedToFees = (circle: LockedCircle, now: Date): boolean =>
  circle.status !== "accepted" || (circle.paymentDueAt !== null && circle.paymentDueAt <= now);

/**
 * A member's fee is held, inside the transaction that recorded it (the circle locked): marks their leg paid and,
 * when every member's is, makes the handshake. Conditional, so it happens once however many webhooks arrive
 * together. Returns whether this payment made the handshake.
 */
export async function settleCircleFee(
  tx: Db,
  { circleId, userId, now }: { circleId: string; userId: string; now: Date },
): Promise<boolean> {
  await tx
    .update(swapCircleLegs)
    .set({ paidAt: now })
    .where(
      and(eq(swapCircleLegs.circleId, circleId), eq(swapCircleLegs.giverId, userId), isNull(swapCircleLegs.paidAt)),
    );
  const legs = await tx
    .select({ listingId: swapCircleLegs.listingId, paidAt: swapCircleLegs.paidAt })
    .from(swapCircleLegs)
    .where(eq(swapCircleLegs.circleId, circleId));
  if (legs.some((leg) => leg.paidAt === null)) return false;
  const [handshake] = await tx
    .update(swapCircles)
    .set({ status: "arranging", handshakeAt: now })
    .where(and(eq(swapCircles.id, circleId), eq(swapCircles.status, "accepted")))
    .returning();
  if (!handshake) return false;
  const listingIds = legs.map((leg) => leg.listingId).sort();
  await tx
    .update(listings)
    .set({ status: "swapped", updatedAt: now })
    .where(and(inArray(listings.id, listingIds), eq(listings.status, "reserved")));
  // The circle's listings are promised: what their owners would have swapped them for is no longer wanted.
  for (const listingId of listingIds) await keepSavedSearchesInStep(tx, listingId);
  // Every member is told the circle is on, with whose contact details they now see.
  await recordEvent(tx, { kind: "circle.handshake", subjectId: circleId });
  return true;
}

/**
 * A member's hold ended before the handshake (the provider let it go): their fee no longer counts and they pay
 * again. After the handshake nothing changes (releasePaidFee's rule for swaps). Call it holding the circle's lock.
 */
export async function releaseCircleFee(
  tx: Db,
  { circle, userId }: { circle: LockedCircle; userId: string },
): Promise<boolean> {
  if (circle.status !== "accepted") return false;
  const cleared = await tx
    .update(swapCircleLegs)
    .set({ paidAt: null })
    .where(
      and(eq(swapCircleLegs.circleId, circle.id), eq(swapCircleLegs.giverId, userId), isNotNull(swapCircleLegs.paidAt)),
    )
    .returning();
  return cleared.length > 0;
}

/** What a member's checkout names: what they give and what they get in the circle. */
export async function describeCircleFee(tx: Db, { circle, userId }: { circle: LockedCircle; userId: string }) {
  const give = circle.legs.find((leg) => leg.giverId === userId);
  const get = circle.legs.find((leg) => leg.receiverId === userId);
  const ids = [give?.listingId, get?.listingId].filter((id): id is string => !!id);
  const titles = await tx
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, ids));
  const title = (id?: string) => titles.find((row) => row.id === id)?.title ?? "a listing";
  return `SwapShed handshake fee: ${title(give?.listingId)} for ${title(get?.listingId)} (swap circle)`;
}
