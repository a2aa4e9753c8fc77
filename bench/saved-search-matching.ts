// Matching one new listing against 100,000 saved searches (issue 27, decision 091): the saved searches are seeded
// as members make them (words from the listings' own vocabulary, some with a place and a radius, some a category
// alone, some a category near a place, a few paused), then matchListing (core/saved-searches/match-listing.ts),
// the listing.published handler's work, is timed for a sample of the seeded listings, each in a transaction
// rolled back so every listing is matched afresh. Wall time in this process, through the app's own Drizzle
// instance: what the dispatcher waits for. Target (bench/targets.ts): median <= 50 ms.
import type { Db } from "#db/client.ts";
import { findMatchingSearches, matchListing } from "#core/saved-searches/match-listing.ts";
import { cellsCovering } from "#core/saved-searches/search-cells.ts";
import type { BenchDatabase } from "./database";
import { log, ms, round } from "./log";
import { type BenchLocality, type Exec, ITEMS } from "./seed";

export const SAVED_SEARCHES = 100_000;
const SAMPLE_LISTINGS = 30;
const RADII = [10, 25, 50];

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** What people search for that is listed: the items the listings' titles are made of ("Toyota Hilux", "kayak"). */
function listedThings(): string[] {
  return Object.values(ITEMS).flatMap((items) => items.map((item) => item.toLowerCase()));
}

/** Things nobody has listed yet (what "Tell me when one is listed" is for): words no listing has. */
const UNLISTED_WORDS = 20_000;

/**
 * SAVED_SEARCHES saved searches over the members, shaped by `shape` in [0, 1):
 * - [0, 0.45): one or two words of something not listed (yet), anywhere;
 * - [0.45, 0.6): a listed thing ("toyota hilux"), anywhere;
 * - [0.6, 0.75): a listed thing within 10, 25 or 50 km of a place;
 * - [0.75, 0.76): a category alone, anywhere;
 * - [0.76, 0.95): a category within a radius of a place;
 * - [0.95, 1): something not listed, near a place;
 * 1 in 20 paused. Terms are the words' lexemes (to_tsvector, as saveSearch computes them) and cells those of the
 * place's radius (cellsCovering). The seeded listings are made of 80 things, so a listed thing has ~190 searches
 * anywhere: a listing matches a few hundred searches (the report gives the median).
 */
export async function seedSavedSearches(exec: Exec, localities: BenchLocality[], members: number) {
  const things = listedThings();
  const categories = Object.keys(ITEMS);
  // One cell list per (place, radius), as saveSearch would store it.
  const places = localities.flatMap((l) =>
    RADII.map((radius) => ({
      l,
      radius,
      cells: cellsCovering({ latitude: l.latitude, longitude: l.longitude }, radius),
    })),
  );
  const placeRows = places
    .map(
      (p, i) =>
        `(${i + 1}, ${lit(`${p.l.suburb} ${p.l.state} ${p.l.postcode}`)}, ${p.l.latitude}, ${p.l.longitude}, ${p.radius}, '{${p.cells!.join(",")}}'::int[])`,
    )
    .join(",\n");
  await exec(`
WITH w AS (SELECT ARRAY[${things.map(lit).join(",")}]::text[] AS things,
                  ARRAY[${categories.map(lit).join(",")}]::text[] AS categories),
places(n, label, lat, lng, radius, cells) AS (VALUES ${placeRows}),
r AS (
  SELECT g, random() AS shape,
    1 + floor(random() * ${things.length})::int AS thing,
    floor(random() * ${UNLISTED_WORDS})::int AS w1,
    CASE WHEN random() < 0.3 THEN floor(random() * ${UNLISTED_WORDS})::int END AS w2,
    1 + floor(random() * ${categories.length})::int AS c,
    1 + floor(random() * ${places.length})::int AS p,
    floor(random() * ${Math.max(1, members - 200)})::int AS owner
  FROM generate_series(1, ${SAVED_SEARCHES}) AS g
  OFFSET 0
), s AS (
  SELECT r.*,
    CASE WHEN r.shape >= 0.45 AND r.shape < 0.75 THEN w.things[r.thing]
         ELSE 'wanted' || r.w1 || coalesce(' wanted' || r.w2, '') END AS q,
    w.categories[r.c] AS category,
    r.shape >= 0.6 AND r.shape < 0.75 OR r.shape >= 0.76 AS near,
    r.shape >= 0.75 AND r.shape < 0.95 AS by_category
  FROM r CROSS JOIN w
)
INSERT INTO saved_searches (user_id, name, q, location, latitude, longitude, radius_km, category, terms, geo_cells,
  paused, frequency)
SELECT
  CASE WHEN members.n < 200 THEN 'bench-user-' || lpad(members.n::text, 4, '0')
       ELSE 'bench-member-' || lpad(members.n::text, 6, '0') END,
  left(CASE WHEN s.by_category THEN s.category ELSE s.q END, 80),
  CASE WHEN s.by_category THEN '' ELSE s.q END,
  CASE WHEN s.near THEN places.label ELSE '' END,
  CASE WHEN s.near THEN places.lat END,
  CASE WHEN s.near THEN places.lng END,
  CASE WHEN s.near THEN places.radius END,
  CASE WHEN s.by_category THEN s.category END,
  CASE WHEN s.by_category THEN '{}'::text[] ELSE tsvector_to_array(to_tsvector('english', s.q)) END,
  CASE WHEN s.near THEN places.cells END,
  s.g % 20 = 0,
  (ARRAY['instantly','daily','weekly'])[1 + s.g % 3]
FROM s
JOIN places ON places.n = s.p
CROSS JOIN LATERAL (SELECT (s.owner + 1) AS n) AS members`);
}

export async function savedSearchesSeeded(raw: BenchDatabase["raw"]): Promise<boolean> {
  const [{ count }] = await raw("select count(*)::int as count from saved_searches");
  return Number(count) >= SAVED_SEARCHES;
}

class RollBack extends Error {}

/** The median, 90th percentile and largest of some figures. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: round(at(0.5)), p90: round(at(0.9)), max: round(sorted.at(-1) ?? 0) };
}

/**
 * For a sample of active listings, each in a transaction rolled back: the time to find the saved searches it
 * matches (findMatchingSearches: the candidates through the indexes and the exact check), and the time to match
 * and record them (matchListing, what the listing.published handler runs). Wall times in ms.
 */
export async function measureSavedSearchMatching(db: BenchDatabase) {
  const appDb = db.handle.db as unknown as Db;
  const sample = await db.raw(
    `select id from listings where status = 'active' order by md5(id::text) limit ${SAMPLE_LISTINGS + 3}`,
  );
  const finding: number[] = [];
  const recording: number[] = [];
  const matches: number[] = [];
  for (const [i, row] of sample.entries()) {
    let found = 0;
    let findMs = 0;
    let matchMs = 0;
    await appDb
      .transaction(async (tx) => {
        let t = process.hrtime.bigint();
        found = (await findMatchingSearches(tx as unknown as Db, String(row.id))).length;
        findMs = ms(t);
        t = process.hrtime.bigint();
        await matchListing(tx as unknown as Db, String(row.id));
        matchMs = ms(t);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    // The first three warm the caches and the plan.
    if (i < 3) continue;
    finding.push(findMs);
    recording.push(matchMs);
    matches.push(found);
  }
  const result = {
    savedSearches: SAVED_SEARCHES,
    listingsMatched: finding.length,
    findMs: spread(finding),
    matchAndRecordMs: spread(recording),
    matches: spread(matches),
  };
  log(
    `matching one listing against ${SAVED_SEARCHES.toLocaleString("en-AU")} saved searches: finding median ${result.findMs.median} ms (p90 ${result.findMs.p90}), with recording the matches median ${result.matchAndRecordMs.median} ms (p90 ${result.matchAndRecordMs.p90}); median ${result.matches.median} matches`,
  );
  return result;
}
