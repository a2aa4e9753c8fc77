// shownName (display-name.ts) in SQL, for queries that put many members' names on a page (listing cards).
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * The member's name as they chose to show it (profiles.name_display): the full name, or the first word and the
 * last word's initial ("Sam T."); a one-word name whole; null for none. The same answers as shownName, which a test
 * holds both to on a table of names.
 */
export function shownNameSql(name: AnyColumn | SQL, display: AnyColumn | SQL): SQL<string | null> {
  const words = sql`regexp_replace(btrim(coalesce(${name}, '')), '\\s+', ' ', 'g')`;
  return sql<string | null>`(case
    when ${words} = '' then null
    when ${display} = 'full' or position(' ' in ${words}) = 0 then ${words}
    else split_part(${words}, ' ', 1) || ' ' || upper(left(regexp_replace(${words}, '^.* ', ''), 1)) || '.'
  end)`;
}
