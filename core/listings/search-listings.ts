import { type AnyColumn, and, asc, desc, eq, gte, lte, or, type SQL, type Subquery, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { boundingBox, distanceKmSql, type Point } from "../locations/distance";
import { gridCells } from "../locations/grid-cells";
import { searchTerms, searchTsQuery, titlePatterns } from "../search/search-terms";
import { AppError } from "../shared/app-error";
import { isStatementTimeout } from "../shared/sql-errors";
import { rowsOf } from "../shared/sql-rows";
import type { ListingCard } from "./find-home-listings";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";
import { decodeCursor, encodeCursor, type SearchCursor, type SearchParams, type SearchSort } from "./search-params";
import { wordShares } from "./search-word-shares";

export type SearchListingsOptions = {
  params: SearchParams;
  /** Where distance is measured from, for the radius, "nearest" and the cards' distances: the place searched,
   *  resolved by the caller. Left out, the viewer's point. `null` when a place was typed but not understood:
   *  no radius and no "nearest" (they would silently measure from somewhere else), and the cards show the
   *  distance from the viewer's point as they do everywhere else. */
  origin?: Point | null;
  viewer?: Viewer;
  limit?: number;
};
export type SearchListingsResult = {
  listings: ListingCard[];
  nextCursor: string | null;
  /** How many listings match in all, on a first page (null on a later one: the first said it). Capped at
   *  COUNT_CAP: a larger number is reported as COUNT_CAP + 1, "more than COUNT_CAP". */
  total: number | null;
  /** Whether the words matched nothing and these are typo-tolerant matches (the page may suggest a spelling). */
  fuzzy: boolean;
};

/** Matches are counted up to this many (and one more, to know there are more): "Showing 24 of 100+". Counting
 *  reads every match up to the cap: at a million listings a cap of 10,000 cost 300-900 ms a page and 1,000 still
 *  67 ms of database time (38 searches a second under load), where the page itself takes ~2 ms. */
export const COUNT_CAP = 100;

/** Typo tolerance: how much of the query's trigrams a stretch of the title must share ("toyta" ~ "Toyota" is 0.5). */
const FUZZY_THRESHOLD = 0.45;
/** "Nearest" widens its search in these steps (km past the previous page) until it has a page. */
const NEAREST_RINGS_KM = [2, 5, 10, 25, 50, 100, 250, 1000, 2500];
/** "Nearest" first reads the listings nearest the point, up to NEAR_WALK_ROWS of them within NEAR_WALK_KM (past the
 *  previous page), from listings_geo_idx alone, and checks the words on just those rows (see nearWalk). */
const NEAR_WALK_KM = 0.5;
const NEAR_WALK_ROWS = 600;
/** Sort key for listings without coordinates under "nearest": after every real distance (< 20,016 km). */
const NO_DISTANCE_KM = 100_000;

type Plan = {
  params: SearchParams;
  text: string;
  /** The words as a tsquery, synonyms included (core/search/search-terms.ts); null without words. */
  tsquery: SQL | null;
  /** What a title matching every term must contain (see titlePatterns): relevance's first tier, by trigram index. */
  titleHint: SQL | null;
  sort: SearchSort;
  /** Relevance's order inside a tier: distance when a place was given, else newest. */
  withinTier: "nearest" | "newest";
  /** Set while one relevance tier is fetched: which best-matched weight the rows must have (see TIERS). */
  tier?: number;
  /** Only listings newer than this feed position (or, `older`, only those past it): see fetchTitleTier. */
  window?: { bound: FeedBound; older: boolean };
  /** Whether "nearest" first walks the nearest listings (see nearWalk): decided by wordsCommon. */
  nearWalk?: boolean;
  /** Whether this transaction runs on bitmap scans only (the planner's first choice overran its budget). */
  bitmapOnly?: boolean;
  origin: Point | null;
  /** Where the cards' distances are measured from: the origin, else the viewer's own point. */
  cardsFrom: Point | null;
  after: SearchCursor | null;
  fuzzy: boolean;
  viewer: Viewer;
  limit: number;
};

/**
 * Public listings matching a search, one page at a time ("Load more": keyset on the sort key and id, never OFFSET).
 * Words use full-text search (English stemming, synonyms, title before category words before description); when
 * they match nothing at all the search is retried typo-tolerant (pg_trgm on the title) and the cursor remembers
 * it, so later pages agree.
 */
export async function searchListings(db: Db, options: SearchListingsOptions): Promise<SearchListingsResult> {
  const plan = planSearch(options);
  let found = await run(db, plan);
  if (found.rows.length === 0 && plan.text && !plan.after && !plan.fuzzy) {
    plan.fuzzy = true;
    found = await run(db, plan);
  }
  const { rows, total } = found;
  const more = rows.length > plan.limit;
  const page = rows.slice(0, plan.limit);
  const last = page.at(-1);
  return {
    listings: page.map(({ sortKey: _, tier: __, ...card }) => card),
    nextCursor:
      more && last
        ? encodeCursor({ sort: plan.sort, fuzzy: plan.fuzzy, key: last.sortKey, id: last.id, tier: last.tier })
        : null,
    total,
    fuzzy: plan.fuzzy,
  };
}

/** The first query a search runs (for tests and EXPLAIN): `.toSQL()` shows the SQL. */
export function searchListingsQuery(db: Db, options: SearchListingsOptions & { fuzzy?: boolean; tier?: number }) {
  let plan: Plan = { ...planSearch(options), fuzzy: options.fuzzy ?? false };
  if (plan.sort === "relevance") plan = tierPlan(plan, options.tier ?? 0);
  return pageQuery(db, plan, plan.sort === "nearest" ? rings(plan)[0] : null);
}

function planSearch({ params, origin, viewer = {}, limit = 24 }: SearchListingsOptions): Plan {
  const from = origin === undefined ? (viewer.point ?? null) : origin;
  const text = params.q.trim().slice(0, 100);
  let sort = params.sort;
  if (sort === "nearest" && !from) sort = text ? "relevance" : "newest";
  if (sort === "relevance" && !text) sort = "newest";
  // Distance orders relevance's tiers only when a place was searched, not from the viewer's own suburb.
  const withinTier = origin ? "nearest" : "newest";
  let after = decodeCursor(params.cursor);
  if (after && (after.sort !== sort || !validKey(sort === "relevance" ? withinTier : sort, after.key))) after = null;
  if (after && sort === "relevance" && after.tier === undefined) after = null;
  const terms = searchTerms(text);
  return {
    params,
    text,
    tsquery: searchTsQuery(terms),
    titleHint: titlePatterns(terms).length
      ? (and(
          ...titlePatterns(terms).map((patterns) =>
            or(...patterns.map((pattern) => sql`${listings.title} ilike ${pattern}`)),
          ),
        ) as SQL)
      : null,
    sort,
    withinTier,
    origin: from,
    cardsFrom: from ?? viewer.point ?? null,
    after,
    fuzzy: after?.fuzzy ?? false,
    viewer,
    limit: Math.min(Math.max(Math.trunc(limit), 1), 100),
  };
}

function validKey(sort: SearchSort, key: string | number): boolean {
  if (sort === "newest") return typeof key === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?$/.test(key);
  if (sort === "nearest") return typeof key === "number" && key >= 0;
  return typeof key === "number" && Number.isInteger(key);
}

type Row = Awaited<ReturnType<typeof pageQuery>>[number] & { tier?: number };

/**
 * How long PostgreSQL may follow the planner's first choice. For a page of "newest" results it usually walks
 * the feed index and checks each row against the words and filters, which is fast when matches are common and
 * reads the whole table when they are rare or absent (a word it has never seen, two words that never meet:
 * seconds at a million listings). Past this budget the matches are known to be rare, and reading just them
 * through the search indexes (bitmap scans) and sorting them is the fast plan, so the page is asked again that
 * way. Both plans return the same rows. PGlite ignores statement_timeout; it serves small, embedded sites.
 */
const PLANNER_BUDGET_MS = 60;
/** The most any search statement may take, whatever the plan: a search must not tie up a connection. */
const SEARCH_TIMEOUT_MS = 3000;

type Found = { rows: Row[]; total: number | null };

async function run(db: Db, plan: Plan): Promise<Found> {
  try {
    return await inSearchTransaction(db, plan, { statementTimeoutMs: PLANNER_BUDGET_MS, bitmapOnly: false });
  } catch (error) {
    // The timeout aborted that transaction; this is a new one.
    if (!isStatementTimeout(error)) throw error;
  }
  try {
    return await inSearchTransaction(db, plan, { statementTimeoutMs: SEARCH_TIMEOUT_MS, bitmapOnly: true });
  } catch (error) {
    // Out of time on both plans (a cold cache on a busy server): say so, rather than fail as a bug would.
    if (isStatementTimeout(error)) throw new AppError("UNAVAILABLE", SEARCH_BUSY);
    throw error;
  }
}

export const SEARCH_BUSY =
  "Search is busy right now. Please try again in a moment, or narrow it down with a place or a category.";

/** The page (and on a first page, how many match) in its own transaction, so that the planner settings apply
 *  to it alone. A first page that holds every match is its own count: no second query. */
function inSearchTransaction(db: Db, plan: Plan, settings: PlannerSettings): Promise<Found> {
  return db.transaction(async (tx) => {
    await tx.execute(plannerSettingsSql(settings));
    const rows = await fetchPage(tx as unknown as Db, { ...plan, bitmapOnly: settings.bitmapOnly });
    if (plan.after) return { rows, total: null };
    return { rows, total: rows.length > plan.limit ? await countWithinBudget(tx as unknown as Db, plan) : rows.length };
  });
}

/**
 * The count is a courtesy ("Showing 24 of 1,250"), never a reason to fail or slow the page: it runs in a
 * savepoint with its own budget, and when it cannot finish in time the page says "Showing 24 listings" instead
 * (as later pages do). Without the savepoint a slow count would abort the page's transaction, and the search
 * would start again on its slower fallback plan.
 */
const COUNT_BUDGET_MS = 250;

/**
 * How many of the newest public listings the count reads in feed order before it decides the matches are
 * sparse. Common words (where counting to the cap matters) reach COUNT_CAP + 1 well inside it: 'bike' within
 * 25 km of Bondi at a million listings has one match in ~20 rows, so the cap is reached after ~2,100 rows.
 */
const COUNT_WALK_ROWS = 4000;
/** How many times longer the walk goes on when its matches say it would reach the cap in that many rows. */
const COUNT_WALK_WIDER = 4;

async function countWithinBudget(db: Db, plan: Plan): Promise<number | null> {
  try {
    return await db.transaction(async (savepoint) => {
      const tx = savepoint as unknown as Db;
      await tx.execute(sql`select set_config('statement_timeout', ${`${COUNT_BUDGET_MS}ms`}, true)`);
      const { count: amongNewest, bound } = await countAmongNewest(tx, plan, COUNT_WALK_ROWS);
      if (amongNewest > COUNT_CAP) return amongNewest;
      // Nearly there (`motorbike` within 25 km of Bondi at a million listings: 84 in the newest 4,000): the walk
      // goes on from where it stopped and reaches the cap after a few thousand rows more, where counting every
      // match through the bitmap read 31,509 index entries (32 ms). It never walks the first rows again (that
      // was 15 ms of 39 at 100k on PGlite).
      if (bound && amongNewest * COUNT_WALK_WIDER > COUNT_CAP) {
        const older = await countOlder(
          tx,
          plan,
          bound,
          COUNT_WALK_ROWS * (COUNT_WALK_WIDER - 1),
          COUNT_CAP + 1 - amongNewest,
        );
        if (amongNewest + older > COUNT_CAP) return amongNewest + older;
      }
      // Fewer than the cap among the newest: the matches are sparse, so reading just them through the search
      // indexes (bitmap scans) is the cheap way to count them all.
      await tx.execute(
        sql`select set_config('enable_bitmapscan', 'on', true), set_config('enable_sort', 'on', true),
          set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
      );
      return countMatches(tx, plan);
    });
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    return null;
  }
}

/**
 * Matches among the newest COUNT_WALK_ROWS active listings, up to COUNT_CAP + 1: a walk down the feed index
 * that stops at the cap or at the COUNT_WALK_ROWS-th listing, whatever the planner estimates. Leaving the choice
 * to the planner was the words + 25 km regression: it multiplies the box, the grid cells and the distance as if
 * they were independent, expects ~30 times fewer matches than there are, and for a count of 101 it chose to
 * read and sort every match (4,292 rows at 100k on PGlite: 24.7 ms), where this walk reads ~2,400 rows.
 */
async function countAmongNewest(
  db: Db,
  plan: Plan,
  walkRows: number,
): Promise<{ count: number; bound: FeedBound | null }> {
  // Index scans in feed order and nothing else: no bitmap to build and no sort. Set first, as a search that fell
  // back to bitmap scans has turned index scans off for its transaction, and the bound needs one.
  await db.execute(
    sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true),
      set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'on', true)`,
  );
  // Where the walk stops: the COUNT_WALK_ROWS-th newest active listing (of the category, when there is one, so that
  // the walk is one of that category's), found from the feed index alone. The moderation status is left out so
  // that no row is read (it moves the bound by the few listings held for review), and the text form (with its
  // microseconds: a JavaScript Date would round them away) is made for that one row, not the rows skipped.
  const bound = await feedBound(db, plan.params.category, walkRows);
  const within = bound ? [afterBound(bound, false)] : [];
  const order = plan.params.category
    ? [asc(listings.category), desc(listings.createdAt), desc(listings.id)]
    : [desc(listings.createdAt), desc(listings.id)];
  const matches = db
    .select({ id: listings.id })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(isPublicListing(), ...filters(plan, null), ...within))
    .orderBy(...order)
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(matches);
  return { count, bound };
}

/**
 * Matches among the `walkRows` active listings just older than `bound` (the end of countAmongNewest's walk), up to
 * `cap`: the walk's continuation. The next rows come from the feed index in a subquery of their own, named
 * "listings" so that the filters read its columns; its LIMIT is how far the walk may go (no second bound to look
 * up), and the outer LIMIT stops it at the cap.
 */
async function countOlder(db: Db, plan: Plan, bound: FeedBound, walkRows: number, cap: number): Promise<number> {
  const inCategory = plan.params.category ? sql` and ${listings.category} = ${plan.params.category}` : sql``;
  const [row] = rowsOf(
    await db.execute<{ count: number }>(
      sql`select count(*)::int as "count" from (select ${listings.id} from (select * from ${listings}
        where ${listings.status} = 'active'${inCategory} and ${afterBound(bound, true)}
        order by ${listings.createdAt} desc, ${listings.id} desc limit ${walkRows}) as "listings"
        left join ${profiles} on ${profiles.userId} = ${listings.userId}
        where ${and(isPublicListing(), ...filters(plan, null))} limit ${cap}) m`,
    ),
  );
  return Number(row?.count ?? 0);
}

type FeedBound = { createdAt: string; id: string };

/** The `rows`-th newest active listing (of the category, when there is one), from the feed index alone, or null
 *  when there are fewer. The text form keeps its microseconds (a JavaScript Date would round them away). */
async function feedBound(db: Db, category: string | undefined, rows: number): Promise<FeedBound | null> {
  const inCategory = category ? sql` and ${listings.category} = ${category}` : sql``;
  const [bound] = rowsOf(
    await db.execute<FeedBound>(
      sql`select to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "createdAt", b.id as "id"
      from (select ${listings.createdAt} as created_at, ${listings.id} as id from ${listings}
        where ${listings.status} = 'active'${inCategory}
        order by ${listings.createdAt} desc, ${listings.id} desc offset ${rows - 1} limit 1) b`,
    ),
  );
  return bound ?? null;
}

/** Listings from the bound up (newer, in feed order), or `older` than it. */
function afterBound(bound: FeedBound, older: boolean): SQL {
  const at = sql`(cast(${bound.createdAt} as timestamp) at time zone 'UTC', cast(${bound.id} as uuid))`;
  return older
    ? sql`(${listings.createdAt}, ${listings.id}) < ${at}`
    : sql`(${listings.createdAt}, ${listings.id}) >= ${at}`;
}

/** How many public listings match the search's words and filters, up to COUNT_CAP + 1 (stops reading there). */
async function countMatches(db: Db, plan: Plan): Promise<number> {
  const matches = db
    .select({ id: listings.id })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(isPublicListing(), ...filters(plan, null)))
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(matches);
  return count;
}

/** `select set_config(...)` for a search's transaction (exported for the query-plan tests). The trigram
 *  operator's threshold is a setting too; parallel workers cost more to start (~15 ms) than a page takes. */
export function plannerSettingsSql({ statementTimeoutMs, bitmapOnly }: PlannerSettings): SQL {
  const on = bitmapOnly ? "off" : "on";
  return sql`select set_config('statement_timeout', ${`${statementTimeoutMs}ms`}, true),
    set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true),
    set_config('enable_seqscan', ${on}, true), set_config('enable_indexscan', ${on}, true),
    set_config('max_parallel_workers_per_gather', '0', true)`;
}

export type PlannerSettings = { statementTimeoutMs: number; bitmapOnly: boolean };

async function fetchPage(db: Db, plan: Plan): Promise<Row[]> {
  if (plan.sort === "relevance") return fetchByRelevance(db, plan);
  return fetchInOrder(db, { ...plan, nearWalk: plan.sort === "nearest" && (await wordsCommon(db, plan)) });
}

/**
 * Relevance tiers: the words all found in the title (weight A), else in the title and the category's words (A or
 * B), else anywhere (the description too). Listings are ranked by the best tier they reach, then by distance
 * (a place given) or newest. Each tier is its own keyset walk in that order, through the same indexes and the
 * same planner budget as "newest" and "nearest", so no query ranks every match (ts_rank over a million rows).
 * A typo-tolerant search is one tier: its matches are by title spelling, not by weight.
 */
const TIERS = [["a"], ["a", "b"], null] as const;

async function fetchByRelevance(db: Db, plan: Plan): Promise<Row[]> {
  const first = plan.after?.tier ?? 0;
  const last = plan.fuzzy ? 0 : TIERS.length - 1;
  const rows: Row[] = [];
  let walked = false;
  for (let tier = first; tier <= last; tier++) {
    // One tier at most walks the nearest listings: the first whose words are common in its fields. When that walk
    // does not fill the page, the words are sparse there, and a later tier's walk would be as wasted.
    const sub = { ...tierPlan(plan, tier), limit: plan.limit - rows.length };
    if (!walked && sub.sort === "nearest" && (await wordsCommon(db, sub))) walked = sub.nearWalk = true;
    const found = tier === 0 && !plan.fuzzy ? await fetchTitleTier(db, sub) : await fetchInOrder(db, sub);
    for (const row of found) rows.push({ ...row, tier });
    if (rows.length > plan.limit) break;
  }
  return rows;
}

/** One tier of a relevance search, as a plan in the tier's own order; the cursor applies to its own tier only. */
function tierPlan(plan: Plan, tier: number): Plan {
  const after = plan.after && plan.after.tier === tier ? { ...plan.after, sort: plan.withinTier } : null;
  return { ...plan, sort: plan.withinTier, tier: plan.fuzzy ? undefined : tier, after };
}

/** How many of the newest listings the title tier walks in feed order before it looks up older ones by title. */
const TITLE_WALK_ROWS = 2000;

/**
 * The title tier, newest first. Title matches may be many (`bike`) or few among many matches (`ute`: every car
 * matches by its category's words, few say "ute" in the title). Walking the feed suits the first and reads
 * every match for the second; reading the title's trigram index (bitmap) suits the second and reads a sixth of
 * the table for the first. So: walk the newest TITLE_WALK_ROWS listings in feed order, and only when they hold
 * less than a page, look up the older title matches through the trigram index. Both halves are exact, so the
 * page is the one a single query would give. (PostgreSQL's planner budget would fall back on its own; PGlite
 * has no statement timeout, so the choice is made here for both.)
 */
async function fetchTitleTier(db: Db, plan: Plan): Promise<Row[]> {
  if (plan.sort !== "newest" || plan.bitmapOnly) return fetchInOrder(db, plan);
  const bound = await feedBound(db, plan.params.category, TITLE_WALK_ROWS);
  if (!bound) return fetchInOrder(db, plan);
  const newer = await pageQuery(db, { ...plan, window: { bound, older: false } }, null);
  if (newer.length > plan.limit) return newer;
  // Bitmap scans for this one statement. Put back only after it: a timeout has aborted the transaction anyway.
  await db.execute(sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`);
  const older = await pageQuery(
    db,
    { ...plan, window: { bound, older: true }, limit: plan.limit - newer.length },
    null,
  );
  await db.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true)`);
  return [...newer, ...older];
}

async function fetchInOrder(db: Db, plan: Plan): Promise<Row[]> {
  if (plan.sort !== "nearest") return pageQuery(db, plan, null);
  if (plan.nearWalk) {
    const walked = await nearWalk(db, plan);
    if (walked.length > plan.limit) return walked;
  }
  // Nearest: ranking every listing in reach by distance is costly in a dense city, so look within a small ring
  // first. When a ring holds more than a page, its closest rows are the closest of all.
  const reaches = rings(plan);
  const cap = reaches.at(-1) ?? null;
  for (let i = 0; i < reaches.length; i++) {
    const reach = reaches[i];
    const rows = await pageQuery(db, plan, reach);
    if (rows.length > plan.limit || i === reaches.length - 1) return rows;
    // Sparse matches (a rare word, a relevance tier): when this ring's density says the whole radius holds no
    // more than a page, ask for the whole radius next rather than ring by ring. Any ring order gives the same rows.
    if (cap !== null && reach !== null && rows.length * (cap / reach) ** 2 <= plan.limit) i = reaches.length - 2;
  }
  return [];
}

/**
 * Common words near a dense place (`bike` near Bondi at a million listings: 10,000 listings within 2 km, a third
 * of them say "bike"): the first ring's page read every listing in the ring that has the words and sorted them
 * by distance (17-30 ms, past the planner budget under load). Here the nearest NEAR_WALK_ROWS listings within
 * NEAR_WALK_KM are ranked from listings_geo_idx alone (index-only: its coordinates give the distance), and the
 * words and filters are checked on their rows in that order, stopping at a page (~3 ms). When they hold a full
 * page it is exact: every listing not walked is farther (or as far, with a greater id). When they do not, the
 * words are sparse here and the rings below answer (a few milliseconds lost).
 */
function nearWalk(db: Db, plan: Plan) {
  const { origin } = plan;
  const from = typeof plan.after?.key === "number" ? plan.after.key : 0;
  const reach = Math.min(from + NEAR_WALK_KM, plan.params.radiusKm ?? Infinity);
  const { key, after } = sortSpec(plan);
  const box = boundingBox(origin!.latitude, origin!.longitude, reach);
  const distance = distanceKmSql(listings.latitude, listings.longitude, origin!.latitude, origin!.longitude);
  const near = db
    .select({ id: listings.id, nearKey: key.as("near_key") })
    .from(listings)
    .where(
      and(
        sql`${listings.status} = 'active'`,
        sql`${listings.latitude} between ${box.minLat} and ${box.maxLat}`,
        sql`${listings.longitude} between ${box.minLng} and ${box.maxLng}`,
        sql`${distance} <= ${reach}`,
        ...(after ? [after] : []),
      ),
    )
    .orderBy(asc(key), asc(listings.id))
    .limit(NEAR_WALK_ROWS)
    .as("near");
  // A scalar subquery per walked row (never flattened into a join that would read every match): the listing's
  // own row by primary key, with the words and every other filter (the place is the walk's).
  const matches = sql`(select 1 from ${listings} left join ${profiles} on ${profiles.userId} = ${listings.userId}
    where ${listings.id} = ${near.id} and ${and(isPublicListing(), ...filters({ ...plan, origin: null }, null))}) is not null`;
  const page = db
    .select({ id: near.id, sortKey: sql<number>`${near.nearKey}`.mapWith(Number).as("sort_key") })
    .from(near)
    .where(matches)
    .orderBy(asc(near.nearKey), asc(near.id))
    .limit(plan.limit + 1)
    .as("page");
  return cardsOf(db, plan, page);
}

/** The share of listings a word must reach for nearWalk to be tried: a page in 600 rows is ~4%. */
const NEAR_WALK_MIN_SHARE = 0.04;

/**
 * Whether the words are common enough for nearWalk to fill a page of this plan's tier (`bike` 31% of listings at
 * 1M; `telescope` 1.3%, for which the walk cost ~5 ms before the rings answered anyway). The title tier counts the
 * words' share in titles (`motorbike` is common only through Motorcycles' category words: the walk found few
 * titles and cost 4 ms before the rings answered). Without statistics (a new database) the walk is tried. Either
 * way the page is the same; this only saves the walk where it would be wasted.
 */
async function wordsCommon(db: Db, plan: Plan): Promise<boolean> {
  if (!plan.origin || !plan.text || !plan.tsquery || plan.bitmapOnly) return false;
  const shares = await wordShares(db, plan.tsquery);
  if (!shares) return true;
  const titleOnly = plan.tier === 0 && !plan.fuzzy;
  return (titleOnly ? shares.title : shares.any) >= NEAR_WALK_MIN_SHARE;
}

/** Radii for "nearest", ending with the member's radius (or none: everywhere). */
function rings(plan: Plan): (number | null)[] {
  const cap = plan.params.radiusKm ?? null;
  const from = typeof plan.after?.key === "number" ? plan.after.key : 0;
  const steps = NEAREST_RINGS_KM.map((step) => from + step).filter((r) => (cap === null || r < cap) && r < 20_100);
  return [...steps, cap];
}

/** One page (plus one row, to know whether there is more) as cards, with each card's sort key. */
function pageQuery(db: Db, plan: Plan, ringKm: number | null) {
  const { key, order, after } = sortSpec(plan);
  const page = db
    .select({ id: listings.id, sortKey: key.as("sort_key") })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(isPublicListing(), ...filters(plan, ringKm), ...(after ? [after] : [])))
    .orderBy(...order)
    .limit(plan.limit + 1)
    .as("page");
  return cardsOf(db, plan, page);
}

/** Card columns (owner, rating, favourite) only for the page's rows, in the page's order. */
function cardsOf(db: Db, plan: Plan, page: Subquery & { id: AnyColumn; sortKey: SQL.Aliased<string | number> }) {
  const { outerOrder } = sortSpec(plan);
  return db
    .select({ ...listingCardColumns({ ...plan.viewer, point: plan.cardsFrom }), sortKey: page.sortKey })
    .from(page)
    .innerJoin(listings, eq(listings.id, page.id))
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .orderBy(...outerOrder(page.sortKey));
}

function filters(plan: Plan, ringKm: number | null): SQL[] {
  const { params, text, origin } = plan;
  const where: SQL[] = [];
  if (text && plan.tsquery) {
    const words = sql`${listings.searchVector} @@ (${plan.tsquery})`;
    where.push(plan.fuzzy ? (or(words, sql`${text} <% ${listings.title}`) as SQL) : words);
    if (plan.tier !== undefined) where.push(...tierFilter(plan.tsquery, plan.titleHint, plan.tier));
  } else if (text) {
    // Only punctuation typed: the typo-tolerant retry is all there is.
    where.push(plan.fuzzy ? sql`${text} <% ${listings.title}` : sql`false`);
  }
  if (plan.window) where.push(afterBound(plan.window.bound, plan.window.older));
  if (params.category) where.push(eq(listings.category, params.category));
  if (params.condition) where.push(eq(listings.condition, params.condition));
  // Ranges overlap: a listing worth 150-250 is in "200 to 300".
  if (params.minValue) where.push(gte(listings.valueMax, params.minValue));
  if (params.maxValue) where.push(lte(listings.valueMin, params.maxValue));
  const reach = Math.min(ringKm ?? Infinity, params.radiusKm ?? Infinity);
  if (origin && reach < Infinity) {
    const box = boundingBox(origin.latitude, origin.longitude, reach);
    // The box is for the (latitude, longitude) index; the exact distance decides.
    where.push(
      sql`${listings.latitude} between ${box.minLat} and ${box.maxLat}`,
      sql`${listings.longitude} between ${box.minLng} and ${box.maxLng}`,
      sql`${distanceKmSql(listings.latitude, listings.longitude, origin.latitude, origin.longitude)} <= ${reach}`,
    );
    // With words, the grid cells let the search index intersect words and place before reading rows.
    const cells = text ? gridCells(box) : null;
    if (cells) where.push(sql`${listings.geoCells} && ${sql.raw(`'{${cells.join(",")}}'::int[]`)}`);
  }
  return where;
}

/**
 * A relevance tier's rows: the words match within its weights and not within a better tier's. ts_filter keeps
 * the vector's entries of those weights: the tsquery itself is never rewritten. The search index finds the
 * matches (the `@@` above) and these are checked on the rows it returns; the title tier also needs the title
 * patterns, so that the trigram index finds its few rows among a category's many (`ute` matches every car by
 * its category words: walking them all for the few titles that say "ute" took 460 ms at 100k).
 */
function tierFilter(tsquery: SQL, titleHint: SQL | null, tier: number): SQL[] {
  const within = (weights: readonly string[]) =>
    sql`ts_filter(${listings.searchVector}, ${sql.raw(`'{${weights.join(",")}}'`)}::"char"[]) @@ (${tsquery})`;
  const titleTier = titleHint ? sql`(${titleHint} and ${within(["a"])})` : within(["a"]);
  if (tier === 0) return [titleHint ?? sql`true`, within(["a"])];
  if (tier === 1) return [within(["a", "b"]), sql`not ${titleTier}`];
  return [sql`not (${within(["a", "b"])})`];
}

/** Per sort: the cursor key, the inner and outer ORDER BY, and "after the cursor" as a row comparison that
 *  matches the order's index (feed, value or geo) so a deep page costs what the first does. */
function sortSpec(plan: Plan) {
  const { sort, after, origin } = plan;
  const id = after ? sql`cast(${after.id} as uuid)` : sql``;
  if (sort === "nearest" && origin) {
    const distance = distanceKmSql(listings.latitude, listings.longitude, origin.latitude, origin.longitude);
    const key: SQL<string | number> = sql<number>`coalesce(${distance}, ${sql.raw(String(NO_DISTANCE_KM))})`.mapWith(
      Number,
    );
    return {
      key,
      order: [asc(key), asc(listings.id)],
      outerOrder: (pageKey: SQL.Aliased) => [asc(pageKey), asc(listings.id)],
      after: after ? sql`(${key}, ${listings.id}) > (${after.key}, ${id})` : null,
    };
  }
  if (sort === "value_asc" || sort === "value_desc") {
    const up = sort === "value_asc";
    const column = up ? listings.valueMin : listings.valueMax;
    const direction = up ? asc : desc;
    return {
      key: sql<number>`${column}`.mapWith(Number),
      order: [direction(column), direction(listings.id)],
      outerOrder: () => [direction(column), direction(listings.id)],
      after: after ? sql`(${column}, ${listings.id}) ${sql.raw(up ? ">" : "<")} (${after.key}, ${id})` : null,
    };
  }
  // Newest. The key keeps microseconds (a JavaScript Date would round them away and skip or repeat rows).
  return {
    key: sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    order: [desc(listings.createdAt), desc(listings.id)],
    outerOrder: () => [desc(listings.createdAt), desc(listings.id)],
    after: after
      ? sql`(${listings.createdAt}, ${listings.id}) < (cast(${after.key} as timestamp) at time zone 'UTC', ${id})`
      : null,
  };
}
