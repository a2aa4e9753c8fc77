import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isPublicListing, listingCardColumns, type Viewer } from "../listings/public-listings";

export const MATCHES_PAGE_SIZE = 24;

/**
 * "Matches for you": other members' public listings that
 * - match what the member wants (one of their saved searches, wants or Looking for phrases matched it), or
 * - are offered by a member who wants what the member has (that member's want, from the listing itself or their
 *   Looking for list, matched one of the member's active listings),
 * two-way matches (both) first, then the newest. Read from the matches recorded as listings were listed
 * (saved_search_matches), through its indexes: the member's own searches, and the matches of their listings.
 */
export async function findMatchesForYou(
  db: Db,
  { userId, viewer = {}, limit = MATCHES_PAGE_SIZE }: { userId: string; viewer?: Viewer; limit?: number },
) {
  const iWant = sql`${listings.id} in (select m.listing_id from saved_search_matches m
    join saved_searches s on s.id = m.saved_search_id where s.user_id = ${userId})`;
  // A want of theirs matched one of my active listings: their listing whose want it is, or, for a Looking for
  // phrase, any of their listings.
  const theyWant = sql`exists (select 1 from saved_search_matches m
    join saved_searches s on s.id = m.saved_search_id
    join listings mine on mine.id = m.listing_id and mine.user_id = ${userId} and mine.status = 'active'
    where s.user_id = ${listings.userId} and (s.listing_id = ${listings.id} or s.source = 'looking_for'))`;
  // The candidates, each side through its own indexes (never a scan of the listings): what my searches matched,
  // and the listings of members whose wants matched one of my active listings (listings_user_idx).
  const candidates = sql`(
    select m.listing_id from saved_search_matches m
      join saved_searches s on s.id = m.saved_search_id
      where s.user_id = ${userId}
    union
    select theirs.id from listings theirs
      where theirs.status = 'active' and theirs.user_id in (
        select s.user_id from listings mine
          join saved_search_matches m on m.listing_id = mine.id
          join saved_searches s on s.id = m.saved_search_id and s.source in ('listing_wants', 'looking_for')
          where mine.user_id = ${userId} and mine.status = 'active'))`;
  const rows = await db
    .select({
      ...listingCardColumns({ ...viewer, userId }),
      iWant: sql<boolean>`${iWant}`,
      theyWant: sql<boolean>`${theyWant}`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(
      and(
        sql`${listings.id} in ${candidates}`,
        isPublicListing(),
        sql`${listings.userId} <> ${userId}`,
        // A member who wants my item through one listing's want wants it for that listing, not for their others.
        sql`(${iWant} or ${theyWant})`,
      ),
    )
    .orderBy(desc(sql`(${iWant}) and (${theyWant})`), desc(listings.createdAt), desc(listings.id))
    .limit(Math.min(Math.max(Math.trunc(limit), 1), 100));
  return rows.map((row) => ({ ...row, twoWay: row.iWant && row.theyWant }));
}

export type MatchForYou = Awaited<ReturnType<typeof findMatchesForYou>>[number];
