import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { eq } from "drizzle-orm";
import { isStatementTimeout } from "../shared/sql-errors";
import { rowsOf } from "../shared/sql-rows";

/** How many of the newest listings a new saved search is matched against at once. */
export const EXISTING_MATCHES = 100;

/**
 * A saved search just made or changed (saved, a want written, a Looking for phrase added) meets the public
 * listings already there, up to the EXISTING_MATCHES newest, in the transaction of the change: so Matches for you
 * shows what is already listed, and both sides of a two-way match are known whichever was listed first. These
 * matches are recorded as already told (`notified_at`): a notice is for what is newly listed.
 *
 * A courtesy, never a cost the change must wait on: a search that narrows nothing (no words a search can use, no
 * category, no place) matches nothing here; its words are read once (an InitPlan) so the search index finds their
 * listings; and it runs in a savepoint with its own time budget, skipped when it cannot finish in time.
 */
export async function matchExistingListings(tx: Db, savedSearchId: string): Promise<void> {
  const [search] = await tx
    .select({
      terms: savedSearches.terms,
      category: savedSearches.category,
      categories: savedSearches.categories,
      geoCells: savedSearches.geoCells,
    })
    .from(savedSearches)
    .where(eq(savedSearches.id, savedSearchId));
  if (!search) return;
  const hasWords = search.terms.length > 0;
  if (!hasWords && !search.category && search.categories.length === 0 && !search.geoCells) return;
  const words = hasWords
    ? sql`and l.search_vector @@ (select query from saved_searches where id = ${savedSearchId})`
    : sql``;
  try {
    await tx.transaction(async (savepoint) => {
      const [{ before }] = rowsOf<{ before: string }>(
        await savepoint.execute(
          sql`select current_setting('statement_timeout') as before, set_config('statement_timeout', ${`${BUDGET_MS}ms`}, true)`,
        ),
      );
      await savepoint.execute(sql`
        insert into saved_search_matches (saved_search_id, listing_id, notified_at)
        select s.id, l.id, now()
        from saved_searches s
        join listings l on l.status = 'active' and l.moderation_status = 'approved' and l.user_id <> s.user_id
        left join profiles p on p.user_id = l.user_id
        where s.id = ${savedSearchId} and not s.paused
          and (s.listing_id is null or exists (select 1 from listings w where w.id = s.listing_id and w.status = 'active'))
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
          ${words}
        order by l.created_at desc
        limit ${EXISTING_MATCHES}
        on conflict do nothing`);
      await savepoint.execute(sql`select set_config('statement_timeout', ${before}, true)`);
    });
  } catch (error) {
    // The savepoint is rolled back (the setting with it): the change itself stands, with no existing matches.
    if (!isStatementTimeout(error)) throw error;
  }
}

/** How long matching a new search against what is listed may take (PostgreSQL; PGlite has no statement timeout). */
const BUDGET_MS = 500;
