import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { recordEvent } from "../events/record-event";
import { isPublicListing } from "../listings/public-listings";
import type { Circle } from "../swaps/find-swap-circles";
import { CIRCLE_ANSWER_HOURS } from "./circle-guards";

export { CIRCLE_ANSWER_HOURS };

/**
 * Offers a circle the finder found to its members, in the caller's transaction: the circle (open for
 * CIRCLE_ANSWER_HOURS) and its legs. Returns its id, or null when it cannot be offered: not a well-formed circle of
 * two or three, a listing no longer public and on offer (or no longer its giver's), or the same circle already open
 * (the partial unique index on the key, so two finders racing offer it once). Nothing is reserved until all accept.
 * Its members are told (circle.offered, recorded in the same transaction).
 */
export async function offerCircle(tx: Db, circle: Circle, { now }: { now: Date }): Promise<string | null> {
  if (!isWellFormed(circle)) return null;
  const listingIds = circle.legs.map((leg) => leg.listingId);
  const onOffer = await tx
    .select({ id: listings.id, ownerId: listings.userId })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(inArray(listings.id, listingIds), isPublicListing()));
  const ownerOf = new Map(onOffer.map((row) => [row.id, row.ownerId]));
  if (!circle.legs.every((leg) => ownerOf.get(leg.listingId) === leg.giverId)) return null;

  const expiresAt = new Date(now.getTime() + CIRCLE_ANSWER_HOURS * 60 * 60 * 1000);
  const [offered] = await tx
    .insert(swapCircles)
    .values({ key: circle.key, status: "offered", createdAt: now, expiresAt })
    // The only conflict possible is the open key's (the id is random): this circle is already on offer.
    .onConflictDoNothing()
    .returning();
  if (!offered) return null;
  await tx
    .insert(swapCircleLegs)
    .values(circle.legs.map((leg, position) => ({ circleId: offered.id, position, ...leg })));
  await recordEvent(tx, { kind: "circle.offered", subjectId: offered.id });
  return offered.id;
}

/** Two or three legs, distinct givers and listings, each receiver giving the next leg (the circle closes). */
function isWellFormed({ legs }: Circle): boolean {
  if (legs.length < 2 || legs.length > 3) return false;
  if (new Set(legs.map((leg) => leg.giverId)).size !== legs.length) return false;
  if (new Set(legs.map((leg) => leg.listingId)).size !== legs.length) return false;
  return legs.every((leg, i) => leg.receiverId === legs[(i + 1) % legs.length].giverId);
}
