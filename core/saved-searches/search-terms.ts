import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowsOf } from "../shared/sql-rows";

/**
 * What a saved search's words are matched by: the lexemes PostgreSQL's English stemmer makes of them (the same
 * stemmer as listings' search_vector, so "motorcycles" and "motorcycle" meet), for the `terms` GIN index that
 * finds candidate searches for a new listing.
 *
 * THE SYNONYM SEAM: `expandWords` is where core/search/synonyms.ts (issue 27, search relevance) plugs in. Today it
 * returns the words as typed; with the synonym table it returns them plus their synonyms ("motorbike" ->
 * "motorbike motorcycle"), so a search for "motorbike" is a candidate for a "motorcycle" listing. The exact
 * check (`wordsMatchSql`) must then use the same expanded query the search page uses.
 */
export function expandWords(words: string): string {
  return words;
}

/** The lexemes of some words and their synonyms, e.g. "Kayaks for sale" -> ["kayak", "sale"]. */
export async function termsOf(db: Db, words: string): Promise<string[]> {
  const text = expandWords(words).trim();
  if (!text) return [];
  const result = await db.execute<{ terms: string[] }>(
    sql`select coalesce(array(select unnest(tsvector_to_array(to_tsvector('english', ${text}))) order by 1), '{}') as terms`,
  );
  const [row] = rowsOf<{ terms: string[] }>(result);
  return row?.terms ?? [];
}

/**
 * Whether a listing's search vector matches a saved search's words: as the search page matches them
 * (websearch_to_tsquery: every word, "quoted phrases", or-alternatives). A want written as a list ("a small car,
 * a ute or a trailer") is a list of alternatives: any one of them matches (see wantAlternatives).
 */
export function wordsMatchSql(vector: SQL, words: SQL): SQL {
  return sql`${vector} @@ websearch_to_tsquery('english', ${words})`;
}

/** A want's alternatives as the search page would read them: "small car or ute" -> "small car or ute" with
 *  commas, slashes and new lines as "or" (websearch_to_tsquery reads a bare "or" as OR). */
export function wantAlternatives(text: string): string {
  return text
    .split(/[,;/\n]+|\s+or\s+/i)
    .map((part) => part.replace(/["-]/g, " ").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" or ");
}

/** wantAlternatives in SQL, for a want's text read from its listing while matching. */
export function wantAlternativesSql(text: SQL): SQL {
  return sql`regexp_replace(regexp_replace(${text}, '["-]', ' ', 'g'), '\\s*[,;/\\n]+\\s*|\\s+or\\s+', ' or ', 'gi')`;
}
