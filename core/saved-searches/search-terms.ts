import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { searchTerms, searchTsQuery } from "../search/search-terms";
import { rowsOf } from "../shared/sql-rows";

/**
 * What a saved search's words are matched by, read exactly as the search page reads them (core/search/search-terms.ts:
 * every typed word or any of its synonyms, all words required): `queryOf` makes the tsquery stored with the search
 * (`saved_searches.query`, the exact check), and `termsOf` the lexemes of every word and synonym (`terms`, the GIN
 * index that finds candidate searches for a new listing: a "motorbike" search is a candidate for a "motorcycle"
 * listing). A want written as a list ("a small car, a ute or a trailer") is a list of alternatives: any one matches.
 */
export function expandWords(words: string, { alternatives = false } = {}): string {
  return partsOf(words, alternatives)
    .flatMap((part) => searchTerms(part).flat())
    .join(" ");
}

/** The lexemes of some words and their synonyms, e.g. "Kayaks for sale" -> ["kayak", "sale"]. */
export async function termsOf(db: Db, words: string, options: { alternatives?: boolean } = {}): Promise<string[]> {
  const text = expandWords(words, options).trim();
  if (!text) return [];
  const result = await db.execute<{ terms: string[] }>(
    sql`select coalesce(array(select unnest(tsvector_to_array(to_tsvector('english', ${text}))) order by 1), '{}') as terms`,
  );
  const [row] = rowsOf<{ terms: string[] }>(result);
  return row?.terms ?? [];
}

/** The stored tsquery of some words (a want's alternatives OR'd), or SQL null when there are none. */
export function queryOf(words: string, { alternatives = false } = {}): SQL {
  const parts = partsOf(words, alternatives)
    .map((part) => searchTsQuery(searchTerms(part)))
    .filter((q): q is SQL => q !== null);
  if (parts.length === 0) return sql`null::tsquery`;
  return sql.join(
    parts.map((q) => sql`(${q})`),
    sql` || `,
  );
}

/** Whether a listing's search vector matches a saved search's stored words (`s.query`). */
export function wordsMatchSql(vector: SQL, query: SQL): SQL {
  return sql`(${query} is not null and ${vector} @@ ${query})`;
}

/** The words as one part (a search: every word required, as on the results page), or a want's alternatives: split
 *  at commas, semicolons, slashes, new lines and "or". */
function partsOf(text: string, alternatives: boolean): string[] {
  if (!alternatives) return text.trim() ? [text] : [];
  return wantAlternatives(text)
    .split(" or ")
    .map((part) => part.trim())
    .filter(Boolean);
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
