import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowsOf } from "../shared/sql-rows";
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
    if (await isPassedOver(tx, circle)) continue;
    const id = await offerCircle(tx, circle, { now });
    if (id) return id;
  }
  return null;
}

/** The three reasons to pass a circle over, asked in one statement (the nightly pass asks it for every circle). */
async function isPassedOver(tx: Db, circle: Circle): Promise<boolean> {
  // Each id a parameter of its own: the planner then reads the indexes by value (an array built from JSON inside the
  // statement left it guessing, and it scanned the circles a pass had offered so far: 148 s against 101 s).
  const list = (ids: string[], cast = "") =>
    sql.join(
      ids.map((id) => sql`${id}${sql.raw(cast)}`),
      sql`, `,
    );
  const listingIds = list(
    circle.legs.map((leg) => leg.listingId),
    "::uuid",
  );
  const members = list(circle.legs.map((leg) => leg.giverId));
  const result = await tx.execute<{ passed: boolean }>(sql`select
    exists (select 1 from swap_circles where key = ${circle.key} and status in ('declined', 'lapsed'))
    or exists (select 1 from swap_circle_legs l join swap_circles c on c.id = l.circle_id
      where l.listing_id in (${listingIds}) and c.status in ('offered', 'accepted', 'arranging'))
    or exists (select 1 from member_blocks b where b.blocker_id in (${members}) and b.blocked_id in (${members}))
    as passed`);
  return rowsOf(result)[0]?.passed === true;
}
