// `npm run bench:circles [-- --members 5000]` (100,000 members by default) (DATABASE_URL=postgres://.../postgres for
// PostgreSQL: the run makes and drops a database of its own, swapshed_bench_circles): what finding swap circles costs
// (core/swaps/find-swap-circles.ts). Target: with 100,000 members wanting 10 listings each, the circles through one
// new listing in <= 100 ms, the nightly pass over the whole graph in <= 60 s.
// Seeded: the members, 1.5 listings each (2% reserved in a swap), and 10 wants each: 8 saved-search matches over
// three saved searches (one a listing's "What I'd swap it for"; 1 in 20 of the others paused) and 2 favourites.
// 60% of wants go to a member of one's own community (200 members: people swap near home), 40% anywhere, skewed so
// that a few listings are wanted by thousands (listing rank = listings * random()^3). Then, through the app's own
// Drizzle instance: findCirclesThroughListing for 25 listings (20 at random, the 5 most wanted; after 3 to warm up),
// findCirclesForMember for 25 members, and findAllCircles once. Results go to stdout as JSON; the summary is in
// docs/performance.md.
process.env.LOG_LEVEL = "silent";
process.env.BENCH_DB_NAME ??= "swapshed_bench_circles";

import os from "node:os";
import { parseArgs } from "node:util";
import type { Db } from "#db/client.ts";
import { seedExtraMembers } from "./back-office";
import { log, ms, round } from "./log";
import { root } from "./options";
import { BENCH_USER_COUNT, type Exec, pickLocalities, seedListings, seedMembers } from "./seed";

// bench/options.ts reads the shared options (its --members defaults to 10,000); the target is 100,000.
const given = parseArgs({ options: { members: { type: "string" } }, strict: false }).values.members;
const MEMBERS = Math.max(1000, Number(given ?? 100_000));
const LISTINGS = Math.round(MEMBERS * 1.5);
const COMMUNITY = 200;
const SAMPLES = 25;
const WARM_UP = 3;

process.chdir(root);
// Imported after BENCH_DB_NAME is set: database.ts reads it when it loads.
const { openBenchDatabase } = await import("./database");
const db = await openBenchDatabase();
try {
  const { migrate } = await import("#db/migrate.ts");
  await migrate(db.handle);
  const circles = await import("#core/swaps/find-swap-circles.ts");
  const appDb = db.handle.db as unknown as Db;

  const seeded = process.hrtime.bigint();
  await seedMembers(db.exec, pickLocalities(50));
  await seedExtraMembers(db.exec, BENCH_USER_COUNT, MEMBERS - 1);
  await seedListings(db.exec, LISTINGS, pickLocalities(400));
  await spreadListings(db.exec);
  await seedWants(db.exec);
  await db.exec("VACUUM ANALYZE");
  // The seeding wrote a gigabyte at 100,000 members: written back now, not by a checkpoint during the timings.
  await db.exec("CHECKPOINT");
  const [counts] = await db.raw(`select (select count(*) from saved_search_matches)::int as matches,
    (select count(*) from favourites)::int as favourites, (select count(*) from saved_searches)::int as searches`);
  log(
    `seeded ${MEMBERS.toLocaleString("en-AU")} members and their wants in ${(ms(seeded) / 1000).toFixed(1)} s`,
    counts,
  );

  const listingIds = await db.raw(`(select id from listings where status = 'active' order by md5(id::text) limit 23)
    union all (select f.listing_id from favourites f join listings l on l.id = f.listing_id
      where l.status = 'active' group by f.listing_id order by count(*) desc, f.listing_id limit 5)`);
  const memberIds = await db.raw(`select distinct user_id as id, md5(user_id) from listings
    where status = 'active' order by md5(user_id) limit ${SAMPLES + WARM_UP}`);
  const throughListing = await timeEach(listingIds, (id) => circles.findCirclesThroughListing(appDb, id));
  const forMember = await timeEach(memberIds, (id) => circles.findCirclesForMember(appDb, id));
  log(`one listing: median ${throughListing.ms.median} ms, p95 ${throughListing.ms.p95} ms`);
  log(`one member: median ${forMember.ms.median} ms, p95 ${forMember.ms.p95} ms`);

  // The machine's load around the pass: on a shared machine the figure moves with it.
  const loadBefore = round(os.loadavg()[0]);
  const t = process.hrtime.bigint();
  let legs = 0;
  const pass = await circles.findAllCircles(appDb, {
    onCircles: (kept) => {
      for (const circle of kept) legs += circle.legs.length;
    },
  });
  const passSeconds = round(ms(t) / 1000);
  log(`nightly pass: ${passSeconds} s, ${pass.circles} circles (${pass.ofTwo} of two, ${pass.ofThree} of three)`);

  // The pass as the daily job runs it (decision 108): each circle kept is also offered (the checks against turned-down
  // and open circles and blocks, the rows, the event), in the pass's one transaction.
  const { offerCirclesNightly } = await import("#core/circles/offer-circles-nightly.ts");
  const { systemClock } = await import("#core/shared/clock.ts");
  const o = process.hrtime.bigint();
  const offered = await offerCirclesNightly({ db: appDb, clock: systemClock });
  const offerSeconds = round(ms(o) / 1000);
  log(`nightly pass with offering: ${offerSeconds} s, ${offered} circles offered`);

  console.log(
    JSON.stringify({
      db: db.kind,
      members: MEMBERS,
      listings: LISTINGS,
      ...counts,
      wantsPerMember: round((Number(counts.matches) + Number(counts.favourites)) / MEMBERS),
      throughListing,
      forMember,
      nightly: { seconds: passSeconds, ...pass, listingsInCircles: legs, load: [loadBefore, round(os.loadavg()[0])] },
      targets: {
        throughListingMs: { target: 100, p95: throughListing.ms.p95, pass: throughListing.ms.p95 <= 100 },
        nightlySeconds: { target: 60, seconds: passSeconds, pass: passSeconds <= 60 },
        nightlyWithOffersSeconds: { target: 60, seconds: offerSeconds, offered, pass: offerSeconds <= 60 },
      },
    }),
  );
} finally {
  await db.cleanup();
}

/** Runs `find` for each id (the first WARM_UP only warm the caches and plans); wall times and circles found. */
async function timeEach(rows: Record<string, unknown>[], find: (id: string) => Promise<unknown[]>) {
  const times: number[] = [];
  const found: number[] = [];
  for (const [i, row] of rows.entries()) {
    const t = process.hrtime.bigint();
    const result = await find(String(row.id));
    if (i < WARM_UP) continue;
    times.push(ms(t));
    found.push(result.length);
  }
  return { samples: times.length, ms: spread(times), circles: spread(found) };
}

function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? 0) };
}

/** Member n's id, as bench/seed.ts and bench/back-office.ts name them. */
function memberId(n: string) {
  return `CASE WHEN ${n} < ${BENCH_USER_COUNT} THEN 'bench-user-' || lpad((${n})::text, 4, '0')
    ELSE 'bench-member-' || lpad((${n})::text, 6, '0') END`;
}

/**
 * The seeded listings belong to the 200 listing owners of bench/seed.ts: here listing k (by id) goes to member k - 1,
 * so each member has one, and the other half-listing each to a member at random; 1 in 50 is reserved in a swap.
 * A numbering of the listings (circle_bench_listings) lets the wants pick one by rank.
 */
async function spreadListings(exec: Exec) {
  await exec(`CREATE TABLE circle_bench_listings AS
    SELECT k, id, CASE WHEN k <= ${MEMBERS} THEN k - 1 ELSE floor(random() * ${MEMBERS})::int END AS owner
    FROM (SELECT row_number() OVER (ORDER BY id)::int AS k, id FROM listings) n`);
  await exec("ALTER TABLE circle_bench_listings ADD PRIMARY KEY (k)");
  await exec(`UPDATE listings l SET user_id = ${memberId("n.owner")},
      status = CASE WHEN n.k % 50 = 0 THEN 'reserved' ELSE 'active' END
    FROM circle_bench_listings n WHERE n.id = l.id`);
}

/** The listing a want goes to: 60% the first listing of someone in the member's community, else by popularity. */
function wantedListing() {
  return `CASE WHEN random() < 0.6
    THEN 1 + least(${MEMBERS} - 1, (m / ${COMMUNITY}) * ${COMMUNITY} + floor(random() * ${COMMUNITY})::int)
    ELSE 1 + floor(${LISTINGS} * power(random(), 3))::int END`;
}

/** Three saved searches per member, 8 matches over them, and 2 favourites, each a member's want of a listing. */
async function seedWants(exec: Exec) {
  const searchId = (j: string) => `md5('bench-circle-search-' || m || '-' || ${j})::uuid`;
  await exec(`
INSERT INTO saved_searches (id, user_id, name, source, listing_id, q, terms, paused)
SELECT ${searchId("j")}, ${memberId("m")}, CASE WHEN j = 0 THEN 'Swap for my listing' ELSE 'wanted ' || j END,
  CASE WHEN j = 0 THEN 'listing_wants' ELSE 'search' END, CASE WHEN j = 0 THEN n.id END,
  CASE WHEN j = 0 THEN '' ELSE 'wanted ' || j END, ARRAY['want' || j], j > 0 AND (m + j) % 20 = 0
FROM generate_series(0, ${MEMBERS - 1}) AS m
CROSS JOIN generate_series(0, 2) AS j
JOIN circle_bench_listings n ON n.k = m + 1`);
  await exec(`
INSERT INTO saved_search_matches (saved_search_id, listing_id, notified_at)
SELECT ${searchId("w.j % 3")}, n.id, now()
FROM (SELECT m, j, ${wantedListing()} AS k FROM generate_series(0, ${MEMBERS - 1}) AS m
  CROSS JOIN generate_series(1, 8) AS j OFFSET 0) w
JOIN circle_bench_listings n ON n.k = w.k
WHERE n.owner <> w.m
ON CONFLICT DO NOTHING`);
  await exec(`
INSERT INTO favourites (user_id, listing_id)
SELECT ${memberId("w.m")}, n.id
FROM (SELECT m, ${wantedListing()} AS k FROM generate_series(0, ${MEMBERS - 1}) AS m
  CROSS JOIN generate_series(1, 2) AS j OFFSET 0) w
JOIN circle_bench_listings n ON n.k = w.k
WHERE n.owner <> w.m
ON CONFLICT DO NOTHING`);
}
