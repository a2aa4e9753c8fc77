import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { memberBlocks } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearches, savedSearchMatches } from "#db/schema/saved-searches.ts";
import { recordEvent } from "../events/record-event";
import type { SavedSearchEventPayloads } from "../events/event-kinds";
import { isPublicListing } from "../listings/public-listings";
import { toSearchQuery } from "../listings/search-query";

/** How long a search waits after telling its owner before it tells them again, by its frequency. */
export const NOTICE_WINDOW_MS = {
  instantly: 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

/**
 * Saved searches whose untold matches are due, each told in one notice (the saved_search.matched event, in this
 * transaction): "instantly" at most once an hour, "daily" and "weekly" once a day or week after the last notice
 * (or after the search was saved), listing what matched since. Matches whose listing is no longer public are
 * dropped quietly. `searchIds` narrows it to the searches a new listing just matched; without it, every search
 * with untold matches (the background job). Searches another process is telling are skipped (SKIP LOCKED).
 */
export async function noticeDueMatches(tx: Db, { now, searchIds }: { now: Date; searchIds?: string[] }) {
  if (searchIds && searchIds.length === 0) return 0;
  const since = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const due = await tx
    .select({
      search: savedSearches,
      // A member who asked to be deleted, or is suspended, is told nothing while their account waits.
      // Written out as saved_searches.user_id: in a query of one table drizzle names its columns bare ("user_id"),
      // which inside this subquery would be the profile's own column, and any suspended member anywhere made
      // every search's owner look away (no saved search told anyone).
      away: sql<boolean>`exists (select 1 from profiles p where p.user_id = saved_searches.user_id
        and (p.deleted_at is not null or p.status = 'suspended'))`,
    })
    .from(savedSearches)
    .where(
      and(
        sql`${savedSearches.id} in (select saved_search_id from saved_search_matches where notified_at is null)`,
        searchIds ? inArray(savedSearches.id, searchIds) : undefined,
        sql`not ${savedSearches.paused}`,
        sql`case ${savedSearches.frequency}
          when 'instantly' then ${savedSearches.lastNotifiedAt} is null or ${savedSearches.lastNotifiedAt} <= ${since(NOTICE_WINDOW_MS.instantly)}
          when 'daily' then coalesce(${savedSearches.lastNotifiedAt}, ${savedSearches.createdAt}) <= ${since(NOTICE_WINDOW_MS.daily)}
          else coalesce(${savedSearches.lastNotifiedAt}, ${savedSearches.createdAt}) <= ${since(NOTICE_WINDOW_MS.weekly)} end`,
      ),
    )
    .limit(500)
    .for("update", { skipLocked: true });
  let told = 0;
  for (const { search, away } of due) {
    const untold = and(eq(savedSearchMatches.savedSearchId, search.id), isNull(savedSearchMatches.notifiedAt));
    const matched = await tx
      .select({ id: listings.id, title: listings.title, ownerId: listings.userId })
      .from(savedSearchMatches)
      .innerJoin(listings, eq(listings.id, savedSearchMatches.listingId))
      .leftJoin(profiles, eq(profiles.userId, listings.userId))
      // Nothing from a member either side has blocked, in a line of several titles as in a notice of one.
      .where(
        and(
          untold,
          isPublicListing(),
          sql`not exists (select 1 from ${memberBlocks} b where (b.blocker_id = ${search.userId} and b.blocked_id = ${listings.userId})
            or (b.blocker_id = ${listings.userId} and b.blocked_id = ${search.userId}))`,
        ),
      )
      .orderBy(desc(savedSearchMatches.matchedAt));
    await tx.update(savedSearchMatches).set({ notifiedAt: now }).where(untold);
    if (matched.length === 0 || away) continue;
    await tx.update(savedSearches).set({ lastNotifiedAt: now }).where(eq(savedSearches.id, search.id));
    const one = matched.length === 1 ? matched[0] : null;
    const payload: SavedSearchEventPayloads["saved_search.matched"] & { fromId?: string; titles: string[] } = {
      userId: search.userId,
      name: search.name,
      count: matched.length,
      listingId: one?.id ?? null,
      title: one?.title ?? null,
      titles: matched.slice(0, 3).map((m) => m.title),
      href: one ? `/listings/${one.id}` : resultsHref(search),
      // One listing's owner is who the notice is from: a member either side has blocked tells nobody anything.
      ...(one ? { fromId: one.ownerId } : {}),
    };
    await recordEvent(tx, { kind: "saved_search.matched", subjectId: search.id, payload });
    told++;
  }
  return told;
}

/** Where a search's matches are: the search page as it was saved, or for a want, the Saved searches page. */
export function resultsHref(
  search: Pick<
    typeof savedSearches.$inferSelect,
    "source" | "q" | "location" | "radiusKm" | "category" | "condition" | "minValue" | "maxValue"
  >,
): string {
  if (search.source === "listing_wants") return "/matches";
  const query = toSearchQuery({
    q: search.q,
    location: search.location,
    radiusKm: (search.radiusKm ?? undefined) as never,
    category: search.category ?? undefined,
    condition: search.condition ?? undefined,
    minValue: search.minValue ?? undefined,
    maxValue: search.maxValue ?? undefined,
  });
  return query ? `/search?${query}` : "/search";
}
