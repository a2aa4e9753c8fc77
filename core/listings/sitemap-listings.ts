import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { rowsOf, type SqlRows } from "../shared/sql-rows";
import { isPublicListing } from "./public-listings";

/** The sitemap protocol's limit is 50,000 addresses per file; a listings page never holds more. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Rows read per query while a page streams: memory stays at one batch whatever the table holds. */
const BATCH = 1_000;

/** One listing's line in a sitemap: its id and when it last changed, already in W3C form (UTC). */
export type SitemapListing = { id: string; lastmod: string };

/**
 * The pages are cut from the active listings in the order they were listed (oldest first, so an older page keeps
 * its addresses as new listings arrive at the end), read on the feed index (listings_feed_idx, partial on
 * status 'active'). Each page covers `pageSize` active listings and writes the public ones among them, so a page
 * is never over the limit and the page count is a count of that index alone.
 */
export async function countSitemapListingPages(db: Db, pageSize = SITEMAP_PAGE_SIZE): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${listings} where ${listings.status} = 'active'`,
  );
  const count = Number(rowsOf(result as SqlRows<{ count: number }>)[0]?.count ?? 0);
  return Math.ceil(count / pageSize);
}

type Key = { createdAt: string; id: string };

/**
 * The public listings of sitemap page `page` (1-based), a batch at a time: keyset through the feed index from the
 * page's first row, never holding more than one batch. `created_at` travels as text: a JavaScript Date would cut
 * its microseconds and the keyset would skip or repeat rows.
 */
export async function* sitemapListings(
  db: Db,
  { page, pageSize = SITEMAP_PAGE_SIZE, batch = BATCH }: { page: number; pageSize?: number; batch?: number },
): AsyncGenerator<SitemapListing[]> {
  if (!Number.isSafeInteger(page) || page < 1) return;
  const start = await firstKey(db, (page - 1) * pageSize);
  if (!start) return;
  let after: Key | null = null;
  let covered = 0;
  while (covered < pageSize) {
    const take = Math.min(batch, pageSize - covered);
    const rows = await readBatch(db, start, after, take);
    if (rows.length === 0) return;
    covered += rows.length;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
    const shown = rows.filter((row) => row.public).map(({ id, lastmod }) => ({ id, lastmod }));
    if (shown.length > 0) yield shown;
    if (rows.length < take) return;
  }
}

/** The key of the active listing `offset` rows into the feed index (oldest first): where a page starts. */
async function firstKey(db: Db, offset: number): Promise<Key | null> {
  const result = await db.execute<Key>(
    sql`select ${listings.createdAt}::text as "createdAt", ${listings.id}::text as id from ${listings}
      where ${listings.status} = 'active'
      order by ${listings.createdAt}, ${listings.id} offset ${offset} limit 1`,
  );
  return rowsOf(result as SqlRows<Key>)[0] ?? null;
}

type BatchRow = Key & { lastmod: string; public: boolean };

async function readBatch(db: Db, start: Key, after: Key | null, limit: number): Promise<BatchRow[]> {
  const from = after
    ? sql`(${listings.createdAt}, ${listings.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql`(${listings.createdAt}, ${listings.id}) >= (${start.createdAt}::timestamptz, ${start.id}::uuid)`;
  const result = await db.execute<BatchRow>(
    sql`select ${listings.createdAt}::text as "createdAt", ${listings.id}::text as id,
        to_char(${listings.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod,
        (${isPublicListing()}) as public
      from ${listings} left join ${profiles} on ${profiles.userId} = ${listings.userId}
      where ${listings.status} = 'active' and ${from}
      order by ${listings.createdAt}, ${listings.id} limit ${sql.raw(String(limit))}`,
  );
  return rowsOf(result as SqlRows<BatchRow>);
}
