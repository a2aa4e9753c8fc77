import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { parseSearchParams } from "../listings/search-params";
import { resolveSearchPlace } from "../locations/resolve-search-place";
import { AppError } from "../shared/app-error";
import { cellsCovering } from "./search-cells";
import {
  defaultSearchName,
  MAX_SAVED_SEARCHES,
  NOTHING_TO_SAVE,
  PLACE_NOT_FOUND,
  TOO_MANY_SAVED_SEARCHES,
} from "./saved-search-rules";
import { matchExistingListings } from "./match-existing-listings";
import { queryOf, termsOf } from "./search-terms";
import { recordEvent } from "../events/record-event";

/**
 * A member saves a search as the search page's URL says it (q, location, radius, category, condition, min, max):
 * the place is resolved to coordinates now, its words to lexemes and its radius to grid cells for matching. Saving
 * the same search again gives the one already saved. At most MAX_SAVED_SEARCHES, counted with the member's row
 * locked, so two saves at once cannot both take the last place.
 */
export async function saveSearch(
  db: Db,
  { userId, fields }: { userId: string; fields: Record<string, string | undefined> },
): Promise<{ id: string; created: boolean }> {
  const params = parseSearchParams(fields);
  const found = resolveSearchPlace(params.location);
  if (found.kind === "choose" || found.kind === "unknown")
    throw new AppError("VALIDATION", PLACE_NOT_FOUND, { field: "location" });
  const place = found.kind === "place" ? found.place : null;
  // Words a search cannot use ("the", "?") narrow nothing: such a search would be told of every listing.
  const terms = await termsOf(db, params.q);
  if (terms.length === 0 && !params.category && !(place && params.radiusKm))
    throw new AppError("VALIDATION", NOTHING_TO_SAVE);
  const radiusKm = place ? (params.radiusKm ?? null) : null;
  const values = {
    userId,
    source: "search" as const,
    q: params.q,
    location: place ? place.label : "",
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    radiusKm,
    category: params.category ?? null,
    condition: params.condition ?? null,
    minValue: params.minValue ?? null,
    maxValue: params.maxValue ?? null,
  };
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const same = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.userId, userId),
          eq(savedSearches.source, "search"),
          eq(savedSearches.q, values.q),
          eq(savedSearches.location, values.location),
          sql`${savedSearches.radiusKm} is not distinct from ${radiusKm}`,
          sql`${savedSearches.category} is not distinct from ${values.category}`,
          sql`${savedSearches.condition} is not distinct from ${values.condition}`,
          sql`${savedSearches.minValue} is not distinct from ${values.minValue}`,
          sql`${savedSearches.maxValue} is not distinct from ${values.maxValue}`,
        ),
      )
      .limit(1);
    if (same[0]) return { id: same[0].id, created: false };
    const [{ saved }] = await tx
      .select({ saved: count() })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.source, "search")));
    if (saved >= MAX_SAVED_SEARCHES) throw new AppError("CONFLICT", TOO_MANY_SAVED_SEARCHES);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        ...values,
        name: defaultSearchName({ q: values.q, category: values.category, placeName: place?.name, radiusKm }),
        terms,
        query: queryOf(values.q),
        geoCells: cellsCovering(place, radiusKm),
      })
      .returning();
    await matchExistingListings(tx, row.id);
    // What it matched is wanted now: the swap-circle finder looks after the commit (decision 108).
    await recordEvent(tx, { kind: "wants.changed", subjectId: userId });
    return { id: row.id, created: true };
  });
}
