import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

export const CATEGORY_PAGE_SIZE = 24;

/**
 * Where the next page starts, as the "Load more" link carries it: the last card's listing time (as text, to the
 * microsecond: a JavaScript Date would lose those and repeat or skip cards) and id. Anything malformed reads as
 * the first page.
 */
export function parseCategoryCursor(value: string | null): { createdAt: string; id: string } | null {
  const match =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      value ?? "",
    );
  // A well-formed string can still name no moment ("2024-99-99T99:99:99Z", "2024-02-30..."), which the database's
  // cast would refuse: it must read back as itself.
  const at = match ? new Date(match[1]) : null;
  const real = at !== null && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 19) === match?.[1].slice(0, 19);
  return match && real ? { createdAt: match[1], id: match[2] } : null;
}

/**
 * One page of a category's landing page (/categories/<slug>[/<state>]): its public listings, newest first, read
 * on the category feed index (listings_category_feed_idx) and keyed on (created_at, id), so the hundredth page
 * costs what the first does.
 */
export async function findCategoryListings(
  db: Db,
  {
    category,
    state,
    after,
    viewer = {},
    limit = CATEGORY_PAGE_SIZE,
  }: {
    category: string;
    state?: string | null;
    after?: { createdAt: string; id: string } | null;
    viewer?: Viewer;
    limit?: number;
  },
) {
  const conditions: SQL[] = [isPublicListing(), eq(listings.category, category as never)];
  if (state) conditions.push(eq(listings.state, state));
  if (after)
    conditions.push(
      sql`(${listings.createdAt}, ${listings.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  const rows = await db
    .select({
      ...listingCardColumns(viewer),
      cursor: sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${listings.id}::text`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(...conditions))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { listings: page, next: more ? (page[page.length - 1]?.cursor ?? null) : null };
}
