import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

export const HOME_LISTING_COUNT = 12;

export type ListingCard = Awaited<ReturnType<typeof findHomeListings>>[number];

/** The 12 newest public listings with their owner, for home's Available Swaps. */
export async function findHomeListings(
  db: Db,
  { viewer = {}, limit = HOME_LISTING_COUNT }: { viewer?: Viewer; limit?: number } = {},
) {
  if (!viewer.userId && !viewer.point && limit === HOME_LISTING_COUNT) return anonymousHomeListings(db).execute();
  return homeListingsQuery(db, viewer, limit);
}

function homeListingsQuery(db: Db, viewer: Viewer, limit: number) {
  return (
    db
      .select(listingCardColumns(viewer))
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .leftJoin(profiles, eq(profiles.userId, listings.userId))
      .where(isPublicListing())
      .orderBy(desc(listings.createdAt), desc(listings.id))
      // A literal LIMIT (a positive whole number, checked here since it is written into the SQL): with a bound
      // one the planner assumes a tenth of the table and re-plans every call rather than keep one plan.
      .limit(
        sql.raw(String(Number.isSafeInteger(limit) && limit > 0 ? limit : HOME_LISTING_COUNT)) as unknown as number,
      )
  );
}

/**
 * What most home page requests ask (a visitor with no member favourites and no location): the same SQL
 * with the same parameters every time, so it is built once per database and, on PostgreSQL, parsed and
 * planned once per connection (a named prepared statement). It holds no data: every call runs the query.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareAnonymousHomeListings>>();

function prepareAnonymousHomeListings(db: Db) {
  return homeListingsQuery(db, {}, HOME_LISTING_COUNT).prepare("home_listings_anonymous");
}

function anonymousHomeListings(db: Db) {
  let query = prepared.get(db);
  if (!query) {
    query = prepareAnonymousHomeListings(db);
    prepared.set(db, query);
  }
  return query;
}
