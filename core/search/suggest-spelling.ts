import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { isStatementTimeout } from "../shared/sql-errors";
import { rowsOf } from "../shared/sql-rows";
import { MAX_SEARCH_WORDS } from "./search-terms";
import { synonymsOf } from "./synonyms";

/** A search finding fewer than this many listings gets a spelling suggestion, when there is one. */
export const FEW_RESULTS = 3;
/** How alike a title's word must be to the typed one (pg_trgm similarity, 0-1): "kayk" ~ "kayak" is 0.44. */
const MIN_SIMILARITY = 0.3;
/** Titles read per unknown word, through the title's trigram index: the commonest spellings are among them. */
const TITLES_PER_WORD = 200;
/** A suggestion is a courtesy: past this the page goes without one. */
const BUDGET_MS = 150;

/**
 * "Did you mean kayak?": the typed words with each word that no listing has (and the synonym table does not know)
 * replaced by the most similar word in listings' titles (trigram similarity, found through
 * listings_title_trgm_idx), or null when every word is known or nothing is close enough. Only active listings'
 * titles are read, so a suggestion always finds something.
 */
export async function suggestSpelling(db: Db, { q }: { q: string }): Promise<string | null> {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${`${BUDGET_MS}ms`}, true),
        set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
      let changed = false;
      const out: string[] = [];
      for (const word of words) {
        const better = await closerWord(tx as unknown as Db, word);
        if (better) changed = true;
        out.push(better ?? word);
      }
      return changed ? out.join(" ") : null;
    });
  } catch (error) {
    if (isStatementTimeout(error)) return null;
    throw error;
  }
}

async function closerWord(db: Db, word: string): Promise<string | null> {
  if (word.length < 3 || /^\d+$/.test(word) || synonymsOf(word)) return null;
  const [known] = rowsOf(
    await db.execute<{ skip: boolean }>(sql`select numnode(plainto_tsquery('english', ${word})) = 0
      or exists (select 1 from ${listings} where ${listings.status} = 'active'
        and ${listings.searchVector} @@ plainto_tsquery('english', ${word})) as skip`),
  );
  if (known?.skip) return null;
  const [best] = rowsOf(
    await db.execute<{ word: string }>(sql`select w.word as word
      from (select ${listings.title} as title from ${listings}
        where ${listings.status} = 'active' and ${word} <% ${listings.title} limit ${TITLES_PER_WORD}) t,
        lateral regexp_split_to_table(lower(t.title), '[^[:alnum:]]+') as w(word)
      where length(w.word) >= 3 and w.word <> ${word} and similarity(w.word, ${word}) >= ${MIN_SIMILARITY}
      group by w.word
      order by similarity(w.word, ${word}) desc, count(*) desc, w.word
      limit 1`),
  );
  return best?.word ?? null;
}
