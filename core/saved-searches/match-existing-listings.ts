import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { wordsMatchSql } from "./search-terms";

/** How many of the newest listings a new saved search is matched against at once. */
export const EXISTING_MATCHES = 100;

/**
 * A saved search just made or changed (saved, a want written, a Looking for phrase added) meets the public
 * listings already there, up to the EXISTING_MATCHES newest, in the transaction of the change: so Matches for you
 * shows what is already listed, and both sides of a two-way match are known whichever was listed first. These
 * matches are recorded as already told (`notified_at`): a notice is for what is newly listed.
 */
export async function matchExistingListings(tx: Db, savedSearchId: string): Promise<void> {
  await tx.execute(sql`
    insert into saved_search_matches (saved_search_id, listing_id, notified_at)
    select s.id, l.id, now()
    from saved_searches s
    join listings l on l.status = 'active' and l.moderation_status = 'approved' and l.user_id <> s.user_id
    left join profiles p on p.user_id = l.user_id
    where s.id = ${savedSearchId} and not s.paused
      and (p.user_id is null or (p.status <> 'suspended' and p.deleted_at is null))
      and (s.category is null or l.category = s.category)
      and (cardinality(s.categories) = 0 or l.category = any(s.categories))
      and (s.condition is null or l.condition = s.condition)
      and (s.min_value is null or l.value_max >= s.min_value)
      and (s.max_value is null or l.value_min <= s.max_value)
      and (s.geo_cells is null or (l.geo_cells && s.geo_cells and 2 * 6371 * asin(least(1, sqrt(
        power(sin(radians(l.latitude - s.latitude) / 2), 2)
        + cos(radians(s.latitude)) * cos(radians(l.latitude))
        * power(sin(radians(l.longitude - s.longitude) / 2), 2)))) <= s.radius_km))
      and (cardinality(s.terms) = 0 or ${wordsMatchSql(sql`l.search_vector`, sql`s.query`)})
    order by l.created_at desc
    limit ${EXISTING_MATCHES}
    on conflict do nothing`);
}
