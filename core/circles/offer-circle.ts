import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { recordEvents } from "../events/record-event";
import { isPublicListing } from "../listings/public-listings";
import type { Circle } from "../swaps/find-swap-circles";
import { CIRCLE_ANSWER_HOURS } from "./circle-guards";

export { CIRCLE_ANSWER_HOURS };

/** The most circles one call's statements carry (three listings each: a few thousand parameters at most). */
const CHUNK = 500;

/**
 * Offers a circle the finder found to its members, in the caller's transaction (offerCircles, for one circle).
 * Returns its id, or null when it cannot be offered.
 */
export async function offerCircle(tx: Db, circle: Circle, { now }: { now: Date }): Promise<string | null> {
  const [offered] = await offerCircles(tx, [circle], { now });
  return offered?.id ?? null;
}

/**
 * Offers circles the finder found to their members, in the caller's transaction: each circle (open for
 * CIRCLE_ANSWER_HOURS) and its legs, a few statements for the lot (the nightly pass offers thousands). A circle is
 * left out when it cannot be offered: not a well-formed circle of two or three, a listing no longer public and on
 * offer (or no longer its giver's), or the same circle already open (the partial unique index on the key, so two
 * finders racing offer it once). Nothing is reserved until all accept. The members of each circle offered are told
 * (circle.offered, recorded in the same transaction). Returns the circles offered, with their ids.
 */
export async function offerCircles(
  tx: Db,
  circles: Circle[],
  { now }: { now: Date },
): Promise<{ id: string; circle: Circle }[]> {
  const offered: { id: string; circle: Circle }[] = [];
  for (let i = 0; i < circles.length; i += CHUNK)
    offered.push(...(await offerChunk(tx, circles.slice(i, i + CHUNK), now)));
  return offered;
}

async function offerChunk(tx: Db, circles: Circle[], now: Date) {
  const wellFormed = circles.filter(isWellFormed);
  if (wellFormed.length === 0) return [];
  const onOffer = await tx
    .select({ id: listings.id, ownerId: listings.userId })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(inArray(listings.id, wellFormed.flatMap(listingIdsOf)), isPublicListing()));
  const ownerOf = new Map(onOffer.map((row) => [row.id, row.ownerId]));
  const offerable = wellFormed.filter((circle) =>
    circle.legs.every((leg) => ownerOf.get(leg.listingId) === leg.giverId),
  );
  if (offerable.length === 0) return [];

  const expiresAt = new Date(now.getTime() + CIRCLE_ANSWER_HOURS * 60 * 60 * 1000);
  const inserted = await tx
    .insert(swapCircles)
    .values(offerable.map((circle) => ({ key: circle.key, status: "offered" as const, createdAt: now, expiresAt })))
    // The only conflict possible is the open key's (the id is random): that circle is already on offer.
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return [];
  const circleOf = new Map(offerable.map((circle) => [circle.key, circle]));
  const offered = inserted.map((row) => ({ id: row.id, circle: circleOf.get(row.key) as Circle }));
  await tx
    .insert(swapCircleLegs)
    .values(
      offered.flatMap(({ id, circle }) => circle.legs.map((leg, position) => ({ circleId: id, position, ...leg }))),
    );
  await recordEvents(
    tx,
    offered.map(({ id }) => ({ kind: "circle.offered", subjectId: id })),
  );
  return offered;
}

function listingIdsOf(circle: Circle): string[] {
  return circle.legs.map((leg) => leg.listingId);
}

/** Two or three legs, distinct givers and listings, each receiver giving the next leg (the circle closes). */
function isWellFormed({ legs }: Circle): boolean {
  if (legs.length < 2 || legs.length > 3) return false;
  if (new Set(legs.map((leg) => leg.giverId)).size !== legs.length) return false;
  if (new Set(legs.map((leg) => leg.listingId)).size !== legs.length) return false;
  return legs.every((leg, i) => leg.receiverId === legs[(i + 1) % legs.length].giverId);
}
