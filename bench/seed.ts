// Bulk seeding for the benchmark: ~200 members and N active listings written by a few
// `INSERT ... SELECT ... FROM generate_series` statements, so a million rows take minutes, not hours.
// Values come from word lists and a few hundred real localities passed in as SQL array literals.
import { readFileSync } from "node:fs";
import path from "node:path";

/** What the seeding needs from a database: run one statement (no parameters). */
export type Exec = (sql: string) => Promise<unknown>;

export type BenchLocality = { suburb: string; state: string; postcode: string; latitude: number; longitude: number };

/** The listing categories, in the schema's order (db/schema/listings.ts). Eight item names each. */
export const ITEMS: Record<string, string[]> = {
  cars_vehicles: [
    "Toyota Hilux",
    "Ford Ranger",
    "Mazda 3 hatch",
    "Holden Commodore",
    "Subaru Forester",
    "camper trailer",
    "Hyundai i30",
    "Nissan Navara",
  ],
  motorcycles: [
    "Honda CBR",
    "Yamaha dirt bike",
    "Kawasaki Ninja",
    "Vespa scooter",
    "Harley Sportster",
    "Suzuki trail bike",
    "motorbike helmet",
    "KTM enduro bike",
  ],
  boats_marine: [
    "aluminium tinny",
    "sea kayak",
    "outboard motor",
    "jet ski",
    "stand-up paddleboard",
    "fishing boat",
    "sailing dinghy",
    "boat trailer",
  ],
  tradie_tools: [
    "cordless drill",
    "circular saw",
    "angle grinder",
    "impact driver",
    "mitre saw",
    "air compressor",
    "tool box",
    "laser level",
  ],
  electronics: [
    "gaming laptop",
    "PlayStation 5",
    "iPhone 14",
    "Samsung TV",
    "camera drone",
    "DSLR camera",
    "Bluetooth speaker",
    "Nintendo Switch",
  ],
  home_garden: [
    "lawn mower",
    "outdoor setting",
    "three-seat couch",
    "dining table",
    "pressure washer",
    "barbecue",
    "bookshelf",
    "garden shed",
  ],
  sports_outdoors: [
    "mountain bike",
    "road bike",
    "surfboard",
    "camping tent",
    "golf clubs",
    "treadmill",
    "canvas swag",
    "cricket kit",
  ],
  fashion: [
    "leather jacket",
    "Akubra hat",
    "RM Williams boots",
    "designer handbag",
    "wedding dress",
    "running sneakers",
    "wool coat",
    "sunglasses",
  ],
  collectibles: [
    "vinyl records",
    "coin collection",
    "footy cards",
    "vintage clock",
    "Lego set",
    "comic books",
    "stamp album",
    "antique lamp",
  ],
  other: [
    "upright piano",
    "sewing machine",
    "telescope",
    "pram",
    "fish tank",
    "acoustic guitar",
    "espresso machine",
    "electric scooter",
  ],
};
const CATEGORIES = Object.keys(ITEMS);
const CONDITIONS = ["new", "like_new", "good", "fair", "for_parts"];
const ADJECTIVES = [
  "Near-new",
  "Used",
  "Vintage",
  "Well-kept",
  "Barely used",
  "Classic",
  "Heavy-duty",
  "Compact",
  "Reliable",
  "Retro",
  "Large",
  "Small",
  "Tidy",
  "Original",
  "Restored",
  "Spare",
];
const COLOURS = ["red", "blue", "black", "white", "silver", "green", "grey", "yellow"];
const PHRASES = [
  "Selling because I have upgraded.",
  "Happy to swap for tools or camping gear.",
  "Pick up only, I can help you load it.",
  "Works perfectly, a few marks from normal use.",
  "Always garaged and looked after.",
  "Comes with the original box and manual.",
  "Open to offers of anything useful around the house.",
  "Would suit a first home or a shed.",
  "Recently serviced, receipts available.",
  "Moving interstate so it has to go.",
  "Kids have grown out of it.",
  "Never used in salt water.",
  "Some rust on one corner, see the photos.",
  "Charger and spare battery included.",
  "Keen on a swap for a bike or a kayak.",
  "Can meet halfway on a weekend.",
  "Smoke-free and pet-free home.",
  "Great for a beginner.",
  "Barely used since we bought it.",
  "Lots of life left in it.",
];
const FIRST = [
  "Olivia",
  "Jack",
  "Charlotte",
  "Noah",
  "Mia",
  "William",
  "Amelia",
  "Oliver",
  "Isla",
  "Thomas",
  "Ava",
  "Lachlan",
  "Grace",
  "Liam",
  "Chloe",
  "Cooper",
  "Zoe",
  "Harrison",
  "Ruby",
  "Ethan",
];
const LAST = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Nguyen",
  "Johnson",
  "Martin",
  "White",
  "Anderson",
  "Walker",
  "Thompson",
  "Kelly",
  "Ryan",
];

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const textArray = (values: string[]) => `ARRAY[${values.map(lit).join(",")}]::text[]`;
const floatArray = (values: number[]) => `ARRAY[${values.map((v) => v.toFixed(5)).join(",")}]::float8[]`;

/** A small deterministic PRNG so the same localities are chosen every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A few hundred real localities from the app's postcode data set (the file core/locations/localities.ts
 * reads), weighted like the population: most in the big metro areas, the rest anywhere.
 */
export function pickLocalities(count = 400): BenchLocality[] {
  const file = process.env.LOCALITIES_FILE || path.resolve(process.cwd(), "db/data/au-localities.tsv");
  const all: BenchLocality[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [suburb, state, postcode, lat, lng] = line.split("\t");
    if (!lng) continue;
    all.push({ suburb, state, postcode, latitude: Number(lat), longitude: Number(lng) });
  }
  const inRange = (l: BenchLocality, state: string, from: number, to: number) =>
    l.state === state && Number(l.postcode) >= from && Number(l.postcode) <= to;
  const groups: [BenchLocality[], number][] = [
    [all.filter((l) => inRange(l, "NSW", 2000, 2234)), 0.3], // Sydney
    [all.filter((l) => inRange(l, "VIC", 3000, 3207)), 0.25], // Melbourne
    [all.filter((l) => inRange(l, "QLD", 4000, 4179)), 0.12], // Brisbane
    [all.filter((l) => inRange(l, "WA", 6000, 6199) || inRange(l, "SA", 5000, 5199)), 0.1], // Perth, Adelaide
    [all, 0.23], // anywhere
  ];
  const random = prng(20260101);
  const chosen = new Map<string, BenchLocality>();
  for (const [group, share] of groups) {
    const want = Math.round(count * share);
    let added = 0;
    for (let tries = 0; tries < want * 20 && added < want; tries++) {
      const l = group[Math.floor(random() * group.length)];
      const key = `${l.suburb}|${l.state}|${l.postcode}`;
      if (chosen.has(key)) continue;
      chosen.set(key, l);
      added++;
    }
  }
  // Bondi is the benchmark's search centre: make sure it is a place where listings exist.
  const bondi = all.find((l) => l.suburb === "Bondi" && l.state === "NSW" && l.postcode === "2026");
  if (bondi) chosen.set("Bondi|NSW|2026", bondi);
  return [...chosen.values()];
}

export const BENCH_USER_COUNT = 200;

/** Members: users + profiles rows written directly (they never sign in). Two are suspended, as in real life. */
export async function seedMembers(exec: Exec, localities: BenchLocality[]) {
  const rows: string[] = [];
  const profiles: string[] = [];
  for (let i = 0; i < BENCH_USER_COUNT; i++) {
    const id = `bench-user-${String(i).padStart(4, "0")}`;
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    rows.push(
      `(${lit(id)}, ${lit(name)}, ${lit(`bench${i}@example.com`)}, ${i % 4 !== 3}, now() - interval '400 days' + ${i} * interval '1 day', now())`,
    );
    const l = localities[(i * 13) % localities.length];
    const status = i === 17 || i === 113 ? "suspended" : "active";
    profiles.push(
      `(${lit(id)}, ${lit(`${l.suburb} ${l.state} ${l.postcode}`)}, ${lit(l.suburb)}, ${lit(l.state)}, ${lit(l.postcode)}, ${l.latitude}, ${l.longitude}, ${lit(status)}, ${status === "suspended" ? "now()" : "NULL"})`,
    );
  }
  await exec(`INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES ${rows.join(",\n")}`);
  await exec(
    `INSERT INTO profiles (user_id, location, suburb, state, postcode, latitude, longitude, status, suspended_at) VALUES ${profiles.join(",\n")}`,
  );
}

/**
 * Listings `from`..`to` (inclusive) in one statement. Every value is drawn per row with random(); the
 * subquery is fenced with OFFSET 0 so each random() is evaluated once per row.
 */
export function listingsInsertSql(from: number, to: number, localities: BenchLocality[]): string {
  const items = `ARRAY[${CATEGORIES.map((c) => textArray(ITEMS[c])).join(",")}]`;
  return `
WITH w AS (
  SELECT
    ${textArray(CATEGORIES)} AS categories,
    ${items} AS items,
    ${textArray(CONDITIONS)} AS conditions,
    ${textArray(ADJECTIVES)} AS adjectives,
    ${textArray(COLOURS)} AS colours,
    ${textArray(PHRASES)} AS phrases,
    ${textArray(localities.map((l) => l.suburb))} AS suburbs,
    ${textArray(localities.map((l) => l.state))} AS states,
    ${textArray(localities.map((l) => l.postcode))} AS postcodes,
    ${floatArray(localities.map((l) => l.latitude))} AS lats,
    ${floatArray(localities.map((l) => l.longitude))} AS lngs
), r AS (
  SELECT
    g,
    1 + floor(random() * ${CATEGORIES.length})::int AS c,
    1 + floor(random() * 8)::int AS item,
    1 + floor(random() * ${CONDITIONS.length})::int AS cond,
    1 + floor(random() * ${ADJECTIVES.length})::int AS adj,
    1 + floor(random() * ${COLOURS.length * 2})::int AS colour,
    1 + floor(random() * ${PHRASES.length})::int AS p1,
    1 + floor(random() * ${PHRASES.length})::int AS p2,
    1 + floor(random() * ${PHRASES.length})::int AS p3,
    1 + floor(random() * ${localities.length})::int AS loc,
    floor(random() * ${BENCH_USER_COUNT})::int AS owner,
    greatest(1, round(20 * power(1000, random())))::int AS vmin,
    random() AS spread,
    random() AS age
  FROM generate_series(${from}, ${to}) AS g
  OFFSET 0
)
INSERT INTO listings (user_id, title, description, category, condition, value_min, value_max,
  location, suburb, state, postcode, latitude, longitude, images, status, created_at, updated_at)
SELECT
  'bench-user-' || lpad(r.owner::text, 4, '0'),
  w.adjectives[r.adj] || ' ' || w.items[r.c][r.item] || coalesce(' (' || w.colours[r.colour] || ')', ''),
  w.adjectives[r.adj] || ' ' || w.items[r.c][r.item] || '. ' || w.phrases[r.p1] || ' ' || w.phrases[r.p2] || ' ' || w.phrases[r.p3],
  w.categories[r.c],
  w.conditions[r.cond],
  r.vmin,
  least(1000000, r.vmin + round(r.vmin * r.spread))::int,
  w.suburbs[r.loc] || ' ' || w.states[r.loc] || ' ' || w.postcodes[r.loc],
  w.suburbs[r.loc],
  w.states[r.loc],
  w.postcodes[r.loc],
  w.lats[r.loc],
  w.lngs[r.loc],
  '[{"key":"listings/bench/x","widths":[320]}]'::jsonb,
  'active',
  now() - r.age * interval '365 days',
  now() - r.age * interval '365 days'
FROM r CROSS JOIN w`;
}

/** N listings in batches of `batch` rows (progress is reported after each). */
export async function seedListings(
  exec: Exec,
  count: number,
  localities: BenchLocality[],
  onProgress: (done: number) => void = () => {},
  batch = 100_000,
) {
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await exec(listingsInsertSql(from, to, localities));
    onProgress(to);
  }
}

/** Completed swaps in the benchmark data, each with both parties' reviews. */
export const BENCH_SWAP_COUNT = 2_000;

/**
 * Swap history, so every card's owner rating (two subqueries on `reviews` per card) reads real rows: `count`
 * completed swaps between two members, each over two extra listings that the swap marked `swapped` (no longer
 * public, as the app leaves them), and a review from each party (1–5 stars, mostly 4–5). Ids are derived from
 * the row number, so the three statements can refer to each other's rows.
 */
export async function seedSwapHistory(exec: Exec, locality: BenchLocality, count = BENCH_SWAP_COUNT) {
  // Swap k trades listing 2k-1 (owner a) for listing 2k (owner b, never a).
  const owner = (expr: string) => {
    const g = `(${expr})`;
    return `'bench-user-' || lpad((CASE WHEN ${g} % 2 = 1 THEN ((${g} + 1) / 2 * 37) % ${BENCH_USER_COUNT}
      ELSE ((${g} / 2 * 37) % ${BENCH_USER_COUNT} + 1 + (${g} / 2 * 11) % ${BENCH_USER_COUNT - 1}) % ${BENCH_USER_COUNT} END)::text, 4, '0')`;
  };
  const listingId = (expr: string) => `md5('bench-swapped-listing-' || (${expr}))::uuid`;
  await exec(`
INSERT INTO listings (id, user_id, title, description, category, condition, value_min, value_max,
  location, suburb, state, postcode, latitude, longitude, images, status, created_at, updated_at)
SELECT ${listingId("g")}, ${owner("g")}, 'Swapped item ' || g, 'Traded on SwapShed.', 'other', 'good', 100, 200,
  ${lit(`${locality.suburb} ${locality.state} ${locality.postcode}`)}, ${lit(locality.suburb)}, ${lit(locality.state)},
  ${lit(locality.postcode)}, ${locality.latitude}, ${locality.longitude}, '[{"key":"listings/bench/x","widths":[320]}]'::jsonb, 'swapped',
  now() - interval '200 days', now() - interval '100 days'
FROM generate_series(1, ${2 * count}) AS g`);
  await exec(`
INSERT INTO swap_proposals (id, target_listing_id, offered_listing_id, proposer_id, receiver_id, status,
  proposer_paid, receiver_paid, expires_at, accepted_at, completed_at, responded_at, created_at, updated_at)
SELECT md5('bench-swap-' || k)::uuid, ${listingId("2 * k - 1")}, ${listingId("2 * k")}, ${owner("2 * k")},
  ${owner("2 * k - 1")}, 'completed', true, true, now() - interval '148 days', now() - interval '149 days',
  now() - interval '140 days', now() - interval '149 days', now() - interval '150 days', now() - interval '140 days'
FROM generate_series(1, ${count}) AS k`);
  await exec(`
INSERT INTO reviews (swap_proposal_id, reviewer_id, reviewee_id, rating, created_at)
SELECT s.id, party.reviewer, party.reviewee, (ARRAY[5, 5, 5, 4, 4, 3, 2, 1])[1 + floor(random() * 8)::int],
  now() - interval '139 days'
FROM swap_proposals s
CROSS JOIN LATERAL (VALUES (s.proposer_id, s.receiver_id), (s.receiver_id, s.proposer_id)) AS party(reviewer, reviewee)
WHERE s.id IN (SELECT md5('bench-swap-' || k)::uuid FROM generate_series(1, ${count}) AS k)`);
}
