import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearchMatches } from "#db/schema/saved-searches.ts";
import { isPublicListing } from "../listings/public-listings";
import { rowsOf } from "../shared/sql-rows";
import { wordsMatchSql } from "./search-terms";

/**
 * Matches a public listing against every member's saved searches and records each new match once per pair
 * (saved_search_matches), returning the searches it newly matched (recording costs per match, not per saved search). Never reads every search: candidates come only
 * through the partial indexes on saved_searches (searches sharing one of the listing's lexemes; searches without
 * words by its category, by one of their categories, or by its grid cell), then each candidate is checked exactly
 * as the search page would search (words, category, condition, value range, distance). A member's own listing
 * never matches their searches; a listing the public cannot see matches nothing.
 */
export async function matchListing(tx: Db, listingId: string): Promise<string[]> {
  const matching = await findMatchingSearches(tx, listingId);
  const recorded: string[] = [];
  // In slices: one statement's parameters stay well under PostgreSQL's limit however many searches match.
  for (let i = 0; i < matching.length; i += 1000) {
    const rows = await tx
      .insert(savedSearchMatches)
      .values(matching.slice(i, i + 1000).map((savedSearchId) => ({ savedSearchId, listingId })))
      .onConflictDoNothing()
      .returning();
    recorded.push(...rows.map((row) => row.savedSearchId));
  }
  return recorded;
}

/** The saved searches a public listing matches (matchListing without recording them; the benchmark times both). */
export async function findMatchingSearches(tx: Db, listingId: string): Promise<string[]> {
  const [l] = await tx
    .select({
      userId: listings.userId,
      category: listings.category,
      condition: listings.condition,
      valueMin: listings.valueMin,
      valueMax: listings.valueMax,
      latitude: listings.latitude,
      longitude: listings.longitude,
      geoCells: listings.geoCells,
    })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(sql`${listings.id} = ${listingId} and ${isPublicListing()}`);
  if (!l) return [];
  const at = l.latitude !== null && l.longitude !== null ? { lat: l.latitude, lng: l.longitude } : null;
  const cell = l.geoCells?.[0] ?? null;
  // The listing's vector, read once (an InitPlan), for the words' index lookup and their exact check.
  const vector = sql`(select search_vector from listings where id = ${listingId})`;
  const category = sql`${l.category}::text`;
  // What every candidate must also fit, as the search page would filter (each branch checks it on the row it
  // fetched, so no candidate is read twice).
  // A want matches only while its listing is on offer (not while it is reserved in a swap).
  const fits = sql`s.user_id <> ${l.userId}
    and (s.listing_id is null or exists (select 1 from listings w where w.id = s.listing_id and w.status = 'active'))
    and (s.category is null or s.category = ${category})
    and (cardinality(s.categories) = 0 or ${category} = any(s.categories))
    and (s.condition is null or s.condition = ${l.condition}::text)
    and (s.min_value is null or s.min_value <= ${l.valueMax}::int)
    and (s.max_value is null or s.max_value >= ${l.valueMin}::int)
    and (s.geo_cells is null or ${
      at && cell !== null
        ? sql`(s.geo_cells @> array[${cell}::int] and 2 * 6371 * asin(least(1, sqrt(
            power(sin(radians(s.latitude - ${at.lat}::float8) / 2), 2)
            + cos(radians(s.latitude)) * cos(radians(${at.lat}::float8))
            * power(sin(radians(s.longitude - ${at.lng}::float8) / 2), 2)))) <= s.radius_km)`
        : sql`false`
    })`;
  const noWords = sql`not s.paused and cardinality(s.terms) = 0`;
  const result = await tx.execute<{ id: string }>(sql`
    select s.id from saved_searches s
    where not s.paused and s.terms && tsvector_to_array(${vector}) and ${fits}
      and ${wordsMatchSql(vector, sql`s.query`)}
    union
    select s.id from saved_searches s where ${noWords} and s.category = ${category} and ${fits}
    union
    select s.id from saved_searches s where ${noWords} and s.categories && array[${category}] and ${fits}
    ${
      cell !== null
        ? sql`union
    select s.id from saved_searches s where ${noWords} and s.category is null and cardinality(s.categories) = 0
      and s.geo_cells && array[${cell}::int] and ${fits}`
        : sql``
    }`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
