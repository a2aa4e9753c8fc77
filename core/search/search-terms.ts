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

/**
 * Title patterns for each term (ILIKE, one list per term, any of which may match): what a title that matches the
 * term must contain, loosely. Each word loses a plural or final e/y ("utility" is `%utilit%`, so "Utilities"
 * matches), words of a phrase may be joined by anything ("pick%up"). Relevance uses them to find title matches
 * through the title's trigram index rather than by reading every listing that matches at all; a title these
 * miss still matches in a lower tier, never not at all.
 */
export function titlePatterns(terms: readonly SearchTerm[]): string[][] {
  return terms
    .filter((alternatives) => !alternatives.every((term) => STOP_WORDS.has(term)))
    .map((alternatives) => [...new Set(alternatives.map((term) => `%${term.split(" ").map(looseWord).join("%")}%`))]);
}

/** PostgreSQL's english stop words (Snowball's list): the tsquery leaves them out, so the title need not have them. */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it
  its itself they them their theirs themselves what which who whom this that these those am is are was were be been
  being have has had having do does did doing a an the and but if or because as until while of at by for with about
  against between into through during before after above below to from up down in out on off over under again
  further then once here there when where why how all any both each few more most other some such no nor not only
  own same so than too very s t can will just don should now`.split(/\s+/),
);

function looseWord(word: string): string {
  let out = word;
  if (out.length > 3 && out.endsWith("s")) out = out.slice(0, -1);
  if (out.length > 3 && /[ey]$/.test(out)) out = out.slice(0, -1);
  return out;
}
