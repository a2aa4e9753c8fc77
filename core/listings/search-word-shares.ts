// How common a search's words are among listings, from ANALYZE's statistics: what decides whether "nearest" first
// walks the nearest listings (search-listings.ts, nearWalk) or reads the matches through the search index.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { CATEGORY_SEARCH_WORDS } from "#db/schema/category-words.ts";
import { rowsOf } from "../shared/sql-rows";

/** How long the statistics are kept before they are read again. */
const STATS_TTL_MS = 10 * 60_000;

type Stats = {
  at: number;
  /** A lexeme's share of listings (in any field), for the search vector's most common elements. */
  lexemes: Map<string, number> | null;
  /** A lexeme of a category's everyday words (weight B) -> that category's share of listings. */
  categoryWords: Map<string, number>;
};
let stats: Stats | null = null;

export type WordShares = {
  /** The largest share of listings any of the words reaches, in any field. */
  any: number;
  /** An estimate of the largest share reached in titles alone: a lexeme's share less the shares of the categories
   *  whose everyday words hold it (`motorbike` reaches 10% of listings through Motorcycles' words, few titles). */
  title: number;
};

/**
 * The shares of the tsquery's words, or null when the database has no statistics yet (a new database). pg_stats is
 * read once per process every ten minutes: reading it costs 4-8 ms of planning.
 */
export async function wordShares(db: Db, tsquery: SQL): Promise<WordShares | null> {
  if (!stats || Date.now() - stats.at > STATS_TTL_MS) stats = await readStats(db);
  const { lexemes, categoryWords } = stats;
  if (!lexemes || lexemes.size === 0) return null;
  const [row] = rowsOf(await db.execute<{ q: string }>(sql`select cast((${tsquery}) as text) as q`));
  const any = estimateShare(row?.q ?? "", (lexeme) => lexemes.get(lexeme) ?? 0);
  const title = estimateShare(row?.q ?? "", (lexeme) =>
    Math.max(0, (lexemes.get(lexeme) ?? 0) - (categoryWords.get(lexeme) ?? 0)),
  );
  return { any, title };
}

/**
 * A tsquery's share of listings from its lexemes' shares, read from its text form (`'motor' <-> 'bike' |
 * 'motorbik'`): words that must all match (& or a phrase) reach at most the least common one's share, alternatives
 * (|) at most the sum of theirs. So the phrase "motor bike" is not as common as `bike` alone.
 */
export function estimateShare(tsquery: string, shareOf: (lexeme: string) => number): number {
  const tokens = tsquery.match(/'(?:[^']|'')*'(?::[*A-D]+)?|<(?:-|\d+)>|[&|!()]/g) ?? [];
  let at = 0;
  const or = (): number => {
    let share = and();
    while (tokens[at] === "|") {
      at++;
      share = Math.min(1, share + and());
    }
    return share;
  };
  const and = (): number => {
    let share = unary();
    while (tokens[at] === "&" || tokens[at]?.startsWith("<")) {
      at++;
      share = Math.min(share, unary());
    }
    return share;
  };
  const unary = (): number => {
    const token = tokens[at++];
    if (token === "!") {
      unary();
      return 1;
    }
    if (token === "(") {
      const share = or();
      at++; // ")"
      return share;
    }
    const lexeme = token?.match(/^'((?:[^']|'')*)'/)?.[1];
    return lexeme === undefined ? 0 : shareOf(lexeme.replaceAll("''", "'"));
  };
  return tokens.length === 0 ? 0 : or();
}

async function readStats(db: Db): Promise<Stats> {
  const [vector] = rowsOf(
    await db.execute<{ elems: string[] | null; shares: (number | string)[] | null }>(
      sql`select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as shares from pg_stats s
        where s.schemaname = current_schema() and s.tablename = 'listings' and s.attname = 'search_vector'`,
    ),
  );
  const lexemes = vector?.elems && vector.shares ? new Map<string, number>() : null;
  if (lexemes && vector?.elems && vector.shares)
    for (const [i, elem] of vector.elems.entries()) lexemes.set(elem, Number(vector.shares[i] ?? 0));
  const [category] = rowsOf(
    await db.execute<{ vals: string[] | null; shares: (number | string)[] | null }>(
      sql`select s.most_common_vals::text::text[] as vals, s.most_common_freqs as shares from pg_stats s
        where s.schemaname = current_schema() and s.tablename = 'listings' and s.attname = 'category'`,
    ),
  );
  const categoryShare = new Map<string, number>();
  for (const [i, value] of (category?.vals ?? []).entries())
    categoryShare.set(value, Number(category?.shares?.[i] ?? 0));
  // Each category's words as the search vector stems them; a lexeme in two categories' words sums their shares.
  const entries = Object.entries(CATEGORY_SEARCH_WORDS);
  const stemmed = rowsOf(
    await db.execute<{ category: string; lexeme: string }>(
      sql`select c.category, unnest(tsvector_to_array(to_tsvector('english', c.words))) as lexeme
        from (values ${sql.join(
          entries.map(([c, words]) => sql`(${c}, ${words})`),
          sql`, `,
        )}) as c(category, words)`,
    ),
  );
  const categoryWords = new Map<string, number>();
  for (const { category: c, lexeme } of stemmed)
    categoryWords.set(lexeme, (categoryWords.get(lexeme) ?? 0) + (categoryShare.get(c) ?? 0));
  return { at: Date.now(), lexemes, categoryWords };
}
