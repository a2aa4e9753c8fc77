import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { memberBlocks } from "#db/schema/conversations.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import type { Circle } from "../swaps/find-swap-circles";
import { offerCircle } from "./offer-circle";

/**
 * What the finder found, offered to its members (decision 108): the first of `circles` (best first, as the finder
 * ranks them) that may be offered, in the caller's transaction. A circle is passed over when
 * - the same circle was offered before and a member declined it, or it lapsed: its members are not asked again;
 * - one of its listings is in another circle still open (offered, accepted or arranging): a listing is in one open
 *   circle at a time, so nobody is offered the same thing in competing circles;
 * - two of its members have blocked each other (either way): the circle would put them in touch.
 * Returns the offered circle's id, or null when none could be offered.
 */
export async function offerFirstCircle(tx: Db, circles: Circle[], { now }: { now: Date }): Promise<string | null> {
  for (const circle of circles) {
    if (await wasTurnedDown(tx, circle.key)) continue;
    if (await holdsListingInOpenCircle(tx, circle)) continue;
    if (await hasBlockedPair(tx, circle)) continue;
    const id = await offerCircle(tx, circle, { now });
    if (id) return id;
  }
  return null;
}

async function wasTurnedDown(tx: Db, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: swapCircles.id })
    .from(swapCircles)
    .where(and(eq(swapCircles.key, key), inArray(swapCircles.status, ["declined", "lapsed"])))
    .limit(1);
  return row !== undefined;
}

async function holdsListingInOpenCircle(tx: Db, circle: Circle): Promise<boolean> {
  const [row] = await tx
    .select({ id: swapCircles.id })
    .from(swapCircleLegs)
    .innerJoin(swapCircles, eq(swapCircles.id, swapCircleLegs.circleId))
    .where(
      and(
        inArray(
          swapCircleLegs.listingId,
          circle.legs.map((leg) => leg.listingId),
        ),
        inArray(swapCircles.status, ["offered", "accepted", "arranging"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function hasBlockedPair(tx: Db, circle: Circle): Promise<boolean> {
  const members = circle.legs.map((leg) => leg.giverId);
  const [row] = await tx
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(and(inArray(memberBlocks.blockerId, members), inArray(memberBlocks.blockedId, members)))
    .limit(1);
  return row !== undefined;
}
