import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { memberBlocks } from "#db/schema/conversations.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import type { Circle } from "../swaps/find-swap-circles";
import { offerCircle, offerCircles } from "./offer-circle";

/**
 * What the finder found, offered to its members (decision 108): the first of `circles` (best first, as the finder
 * ranks them) that may be offered (see passedOver), in the caller's transaction. Returns the offered circle's id, or
 * null when none could be offered. The events path's: a listing published, a member's wants changed.
 */
export async function offerFirstCircle(tx: Db, circles: Circle[], { now }: { now: Date }): Promise<string | null> {
  const passed = await passedOver(tx, circles);
  for (const circle of circles) {
    if (passed.has(circle.key)) continue;
    const id = await offerCircle(tx, circle, { now });
    if (id) return id;
  }
  return null;
}

/**
 * Every circle of `circles` that may be offered, offered at once (the nightly pass's, a batch of the finder's at a
 * time: the finder already kept each listing to one of them). Returns how many were offered.
 */
export async function offerFoundCircles(tx: Db, circles: Circle[], { now }: { now: Date }): Promise<number> {
  const passed = await passedOver(tx, circles);
  const offered = await offerCircles(
    tx,
    circles.filter((circle) => !passed.has(circle.key)),
    { now },
  );
  return offered.length;
}

/**
 * The keys of the circles to pass over, three statements however many circles are asked about. A circle is passed
 * over when
 * - the same circle was offered before and a member declined it, or it lapsed: its members are not asked again;
 * - one of its listings is in another circle still open (offered, accepted or arranging): a listing is in one open
 *   circle at a time, so nobody is offered the same thing in competing circles;
 * - two of its members have blocked each other (either way): the circle would put them in touch.
 */
async function passedOver(tx: Db, circles: Circle[]): Promise<Set<string>> {
  const passed = new Set<string>();
  if (circles.length === 0) return passed;
  const keys = circles.map((circle) => circle.key);
  const listingIds = [...new Set(circles.flatMap((circle) => circle.legs.map((leg) => leg.listingId)))];
  const members = [...new Set(circles.flatMap((circle) => circle.legs.map((leg) => leg.giverId)))];

  // One after another: a transaction is one connection.
  const turnedDown = await tx
    .select({ key: swapCircles.key })
    .from(swapCircles)
    .where(and(inArray(swapCircles.key, keys), inArray(swapCircles.status, ["declined", "lapsed"])));
  const inOpenCircles = await tx
    .select({ listingId: swapCircleLegs.listingId })
    .from(swapCircleLegs)
    .innerJoin(swapCircles, eq(swapCircles.id, swapCircleLegs.circleId))
    .where(
      and(
        inArray(swapCircleLegs.listingId, listingIds),
        inArray(swapCircles.status, ["offered", "accepted", "arranging"]),
      ),
    );
  const blocks = await tx
    .select({ blocker: memberBlocks.blockerId, blocked: memberBlocks.blockedId })
    .from(memberBlocks)
    .where(and(inArray(memberBlocks.blockerId, members), inArray(memberBlocks.blockedId, members)));

  for (const row of turnedDown) passed.add(row.key);
  const open = new Set(inOpenCircles.map((row) => row.listingId));
  const blockedPairs = new Set(blocks.map((row) => `${row.blocker} ${row.blocked}`));
  for (const circle of circles) {
    const givers = circle.legs.map((leg) => leg.giverId);
    const blocked = givers.some((a) => givers.some((b) => blockedPairs.has(`${a} ${b}`)));
    if (blocked || circle.legs.some((leg) => open.has(leg.listingId))) passed.add(circle.key);
  }
  return passed;
}
