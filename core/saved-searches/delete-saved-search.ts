import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import { CHANGE_WANT_AT_SOURCE, SAVED_SEARCH_NOT_FOUND } from "./saved-search-rules";

/**
 * A member deletes one of their saved searches (its matches go with it). A want is removed where it comes from
 * (the listing's "What I'd swap it for", the Looking for list), or paused here.
 */
export async function deleteSavedSearch(db: Db, { userId, savedSearchId }: { userId: string; savedSearchId: string }) {
  if (!isUuid(savedSearchId)) throw new AppError("NOT_FOUND", SAVED_SEARCH_NOT_FOUND);
  const mine = and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, userId));
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ source: savedSearches.source }).from(savedSearches).where(mine).for("update");
    if (!row) throw new AppError("NOT_FOUND", SAVED_SEARCH_NOT_FOUND);
    if (row.source !== "search") throw new AppError("CONFLICT", CHANGE_WANT_AT_SOURCE);
    await tx.delete(savedSearches).where(mine);
  });
}
