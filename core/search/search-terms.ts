import { type SQL, sql } from "drizzle-orm";
import { MAX_TERM_WORDS, synonymsOf } from "./synonyms";

// What a search's words mean to the database: each typed word (or run of words the synonym table knows, like
// "flip flops") becomes "it or any of its synonyms", and the words are all required. The tsquery is built from
// PostgreSQL's own parsers with every term a parameter (plainto_tsquery for a word, phraseto_tsquery for
// several), joined with || and &&: no tsquery syntax is ever written from typed text, so nothing typed can
// break or widen the query.

/** More words than this are ignored: each one is another AND the index must intersect. */
export const MAX_SEARCH_WORDS = 8;

/** One required part of a search: any of these terms (each one word, or several words as a phrase). */
export type SearchTerm = readonly string[];

/** The typed words as search terms, synonyms included: `tinny 4x4` is (tinny or dinghy or ...) and (4x4 or 4wd ...). */
export function searchTerms(text: string): SearchTerm[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < words.length; ) {
    // The longest run of words from here that the table knows ("box trailer" before "box").
    let taken = 1;
    let alternatives: string[] = [words[i]];
    for (let n = Math.min(MAX_TERM_WORDS, words.length - i); n >= 1; n--) {
      const found = synonymsOf(words.slice(i, i + n).join(" "));
      if (found) {
        taken = n;
        alternatives = found;
        break;
      }
    }
    terms.push(alternatives);
    i += taken;
  }
  return terms;
}

/** One term's tsquery: a word through plainto_tsquery, several words through phraseto_tsquery (in order). */
function termQuery(term: string): SQL {
  return term.includes(" ") ? sql`phraseto_tsquery('english', ${term})` : sql`plainto_tsquery('english', ${term})`;
}

/** The tsquery for search terms, or null when there are none. */
export function searchTsQuery(terms: readonly SearchTerm[]): SQL | null {
  if (terms.length === 0) return null;
  const parts = terms.map((alternatives) =>
    alternatives.length === 1 ? termQuery(alternatives[0]) : sql`(${sql.join(alternatives.map(termQuery), sql` || `)})`,
  );
  return sql.join(parts, sql` && `);
}
