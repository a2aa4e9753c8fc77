import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { SAVED_SEARCH_FREQUENCIES, savedSearches } from "#db/schema/saved-searches.ts";
import { recordEvent } from "../events/record-event";
import { AppError } from "../shared/app-error";
import { parseOrRefuse } from "../shared/describe-issues";
import { isUuid } from "../shared/ids";
import {
  MAX_NAME_LENGTH,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  CHANGE_WANT_AT_SOURCE,
  SAVED_SEARCH_NOT_FOUND,
  UNKNOWN_FREQUENCY,
} from "./saved-search-rules";

/** What a member may change about one of their saved searches (each is its own small form on the page). */
export type SavedSearchChange =
  | { kind: "rename"; name: unknown }
  | { kind: "frequency"; frequency: unknown }
  | { kind: "pause" }
  | { kind: "resume" };

const nameSchema = z
  .string({ error: NAME_REQUIRED })
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, NAME_REQUIRED).max(MAX_NAME_LENGTH, NAME_TOO_LONG));
const frequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: UNKNOWN_FREQUENCY });

/**
 * Renames, pauses, resumes or sets how often a member's own saved search reports. Another member's search answers
 * exactly like a missing one. A want (from a listing or the Looking for list) keeps the name of what it comes from.
 */
export async function changeSavedSearch(
  db: Db,
  { userId, savedSearchId, change }: { userId: string; savedSearchId: string; change: SavedSearchChange },
): Promise<void> {
  if (!isUuid(savedSearchId)) throw new AppError("NOT_FOUND", SAVED_SEARCH_NOT_FOUND);
  const set =
    change.kind === "rename"
      ? { name: parseOrRefuse(z.object({ name: nameSchema }), { name: change.name }).name }
      : change.kind === "frequency"
        ? { frequency: parseOrRefuse(z.object({ frequency: frequencySchema }), change).frequency }
        : { paused: change.kind === "pause" };
  const mine = and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, userId));
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ source: savedSearches.source }).from(savedSearches).where(mine).for("update");
    if (!row) throw new AppError("NOT_FOUND", SAVED_SEARCH_NOT_FOUND);
    if (change.kind === "rename" && row.source !== "search")
      throw new AppError("CONFLICT", CHANGE_WANT_AT_SOURCE, { field: "name" });
    await tx
      .update(savedSearches)
      .set({ ...set, updatedAt: sql`now()` })
      .where(mine);
    // A resumed search's matches are wanted again: the swap-circle finder looks after the commit (decision 108).
    if (change.kind === "resume") await recordEvent(tx, { kind: "wants.changed", subjectId: userId });
  });
}
