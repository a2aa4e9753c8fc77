import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isPublicListing } from "../listings/public-listings";
import { rowsOf } from "../shared/sql-rows";
import { wantAlternativesSql, wordsMatchSql } from "./search-terms";

/**
 * Matches a public listing against every member's saved searches and records each new match once per pair
 * (saved_search_matches), returning the searches it newly matched. Never reads every search: candidates come only
 * through the partial indexes on saved_searches (searches sharing one of the listing's lexemes; searches without
 * words by its category, by one of their categories, or by its grid cell), then each candidate is checked exactly
 * as the search page would search (words, category, condition, value range, distance). A member's own listing
 * never matches their searches; a listing the public cannot see matches nothing.
 */
export async function matchListing(tx: Db, listingId: string): Promise<string[]> {
  const [l] = await tx
    .select({
      userId: listings.userId,
      category: listings.category,
      latitude: listings.latitude,
      longitude: listings.longitude,
    })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(sql`${listings.id} = ${listingId} and ${isPublicListing()}`);
  if (!l) return [];
  const lexemes = sql`(select tsvector_to_array(search_vector) from listings where id = ${listingId})`;
  const cell =
    l.latitude === null || l.longitude === null
      ? sql`null::int[]`
      : sql`(select geo_cells from listings where id = ${listingId})`;
  const noWords = sql`not paused and cardinality(terms) = 0`;
  const words = sql`case when s.source = 'listing_wants' then ${wantAlternativesSql(sql`w.wants`)} else s.q end`;
  const distance =
    l.latitude === null || l.longitude === null
      ? sql`null::float8`
      : sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(s.latitude - ${l.latitude}::float8) / 2), 2)
          + cos(radians(s.latitude)) * cos(radians(${l.latitude}::float8))
          * power(sin(radians(s.longitude - ${l.longitude}::float8) / 2), 2))))`;
  const result = await tx.execute<{ id: string }>(sql`
    with candidates as (
      select id from saved_searches where not paused and terms && ${lexemes}
      union
      select id from saved_searches where ${noWords} and category = ${l.category}
      union
      select id from saved_searches where ${noWords} and categories && array[${l.category}]::text[]
      union
      select id from saved_searches where ${noWords} and category is null and cardinality(categories) = 0
        and geo_cells && ${cell}
    )
    insert into saved_search_matches (saved_search_id, listing_id)
    select s.id, l.id
    from candidates c
    join saved_searches s on s.id = c.id
    join listings l on l.id = ${listingId}
    left join listings w on w.id = s.listing_id
    where s.user_id <> ${l.userId}
      -- A member who asked to be deleted, or is suspended, is told nothing while their account waits.
      and not exists (select 1 from profiles p where p.user_id = s.user_id
        and (p.deleted_at is not null or p.status = 'suspended'))
      and (s.category is null or s.category = l.category)
      and (cardinality(s.categories) = 0 or l.category = any(s.categories))
      and (s.condition is null or s.condition = l.condition)
      and (s.min_value is null or l.value_max >= s.min_value)
      and (s.max_value is null or l.value_min <= s.max_value)
      and (s.geo_cells is null or (l.geo_cells && s.geo_cells and ${distance} <= s.radius_km))
      and (cardinality(s.terms) = 0 or ${wordsMatchSql(sql`l.search_vector`, words)})
    on conflict do nothing
    returning saved_search_id as id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
