import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { recordEvent } from "../events/record-event";
import { AppError } from "../shared/app-error";
import {
  LOOKING_FOR_NO_WORDS,
  LOOKING_FOR_TOO_LONG,
  MAX_LOOKING_FOR,
  MAX_LOOKING_FOR_LENGTH,
  MAX_NAME_LENGTH,
  TOO_MANY_LOOKING_FOR,
} from "./saved-search-rules";
import { matchExistingListings } from "./match-existing-listings";
import { queryOf, termsOf } from "./search-terms";

/** The phrases of a "Looking for" box: one a line (or comma), trimmed, each once whatever its capitals. */
export function readLookingFor(text: string): string[] {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const raw of text.split(/[\n,;]+/)) {
    const phrase = raw.replace(/\s+/g, " ").trim();
    if (!phrase || seen.has(phrase.toLowerCase())) continue;
    seen.add(phrase.toLowerCase());
    phrases.push(phrase);
  }
  return phrases;
}

/**
 * A member's "Looking for" list (My Account → Profile): up to MAX_LOOKING_FOR short phrases, stored on the
 * profile and kept, in the same transaction, as saved searches with source looking_for (one per phrase; a phrase
 * kept keeps its pause and frequency; one removed goes with its matches). Nothing changes when a rule is broken.
 */
export async function setLookingFor(db: Db, { userId, text }: { userId: string; text: unknown }): Promise<string[]> {
  const phrases = readLookingFor(typeof text === "string" ? text : "");
  if (phrases.length > MAX_LOOKING_FOR) throw new AppError("VALIDATION", TOO_MANY_LOOKING_FOR, { field: "lookingFor" });
  if (phrases.some((p) => p.length > MAX_LOOKING_FOR_LENGTH))
    throw new AppError("VALIDATION", LOOKING_FOR_TOO_LONG, { field: "lookingFor" });
  const terms = await Promise.all(phrases.map((phrase) => termsOf(db, phrase)));
  const wordless = phrases.find((_, i) => terms[i].length === 0);
  if (wordless !== undefined) throw new AppError("VALIDATION", LOOKING_FOR_NO_WORDS(wordless), { field: "lookingFor" });
  await db.transaction(async (tx) => {
    // The member's row locked: two saves at once cannot both add the same phrase.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    await tx.update(profiles).set({ lookingFor: phrases, updatedAt: sql`now()` }).where(eq(profiles.userId, userId));
    const mine = and(eq(savedSearches.userId, userId), eq(savedSearches.source, "looking_for"));
    const existing = await tx.select({ id: savedSearches.id, q: savedSearches.q }).from(savedSearches).where(mine);
    const gone = existing.filter((s) => !phrases.includes(s.q)).map((s) => s.id);
    if (gone.length) await tx.delete(savedSearches).where(inArray(savedSearches.id, gone));
    const added = phrases
      .map((phrase, i) => ({ phrase, terms: terms[i] }))
      .filter(({ phrase }) => !existing.some((s) => s.q === phrase));
    if (added.length) {
      const rows = await tx
        .insert(savedSearches)
        .values(
          added.map(({ phrase, terms }) => ({
            userId,
            source: "looking_for" as const,
            name: phrase.slice(0, MAX_NAME_LENGTH),
            q: phrase,
            terms,
            query: queryOf(phrase),
          })),
        )
        .returning();
      for (const row of rows) await matchExistingListings(tx, row.id);
      // New wants: the swap-circle finder looks after the commit (decision 108).
      await recordEvent(tx, { kind: "wants.changed", subjectId: userId });
    }
  });
  return phrases;
}

/** The member's "Looking for" list as they last saved it. */
export async function findLookingFor(db: Db, { userId }: { userId: string }): Promise<string[]> {
  const [row] = await db.select({ lookingFor: profiles.lookingFor }).from(profiles).where(eq(profiles.userId, userId));
  return row?.lookingFor ?? [];
}
