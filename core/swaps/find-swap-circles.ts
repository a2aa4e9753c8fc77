import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { isPublicListing } from "../listings/public-listings";
import { isUuid } from "../shared/ids";
import { rowsOf } from "../shared/sql-rows";

// Swap circles: barter's "double coincidence of wants" among two or three members, each giving one listing and
// receiving one. Member X wants listing L when one of X's live saved searches matched it (saved_search_matches)
// or X favourited it, L is someone else's and L is public and on offer (isPublicListing: active, approved, owner
// in good standing; a reserved listing is not on offer). Everything is found in SQL, through the indexes, never by
// loading the want graph into the process.

/** One step of a circle: `giverId` hands `listingId` to `receiverId`, who wants it. */
export type CircleLeg = { giverId: string; listingId: string; receiverId: string };

export type Circle = {
  /** Two or three legs in cycle order: each leg's receiver gives the next leg's listing (the last's, the first's).
   *  The first leg is the asker's: the listing's (findCirclesThroughListing), the member's (findCirclesForMember), the
   *  first member's by id (findAllCircles). */
  legs: CircleLeg[];
  /** The listing ids in cycle order, from the smallest id: the same circle has the same key wherever it is found. */
  key: string;
  /** The least overlap of what a member gives and gets, over the members (fairValue's overlap: 0 to 1). */
  fairness: number;
};

type CircleRow = { givers: string[]; listings: string[]; fairness: number; key: string };

/** Circles in which `listingId` is one of the listings given (when a listing is published or changes). */
export async function findCirclesThroughListing(
  db: Db,
  listingId: string,
  { limit = 10 }: { limit?: number } = {},
): Promise<Circle[]> {
  // Not a listing's id at all (a stale link): no circle, rather than PostgreSQL's error on the cast.
  if (!isUuid(listingId)) return [];
  return circlesGiving(db, sql`listings.id = ${listingId}`, limit);
}

/** Circles that include `userId`, giving any of their public listings (when one of their wants changes). */
export async function findCirclesForMember(
  db: Db,
  userId: string,
  { limit = 10 }: { limit?: number } = {},
): Promise<Circle[]> {
  return circlesGiving(db, sql`listings.user_id = ${userId}`, limit);
}

/**
 * A saved search expresses a want unless it is paused; a listing's "What I'd swap it for" only while that listing is
 * on offer (matchListing's rule: a reserved listing's wants match nothing until its swap lapses).
 */
function liveSearch(s: string): SQL {
  return sql.raw(`not ${s}.paused and (${s}.listing_id is null
    or exists (select 1 from listings o where o.id = ${s}.listing_id and o.status = 'active'))`);
}

/** The ids of the listings `member` (an SQL expression) has favourited or a live saved search of theirs matched. */
function wantedIds(member: SQL): SQL {
  return sql`select f.listing_id from favourites f where f.user_id = ${member}
    union
    select m.listing_id from saved_searches s join saved_search_matches m on m.saved_search_id = s.id
    where s.user_id = ${member} and ${liveSearch("s")}`;
}

/** What `member` wants that is someone else's, public and on offer: id, giver (owner) and value range. */
function listingsWantedBy(member: SQL): SQL {
  return sql`select listings.id, listings.user_id as giver, listings.value_min, listings.value_max
    from listings left join profiles on profiles.user_id = listings.user_id
    where listings.id in (${wantedIds(member)}) and listings.user_id <> ${member} and ${isPublicListing()}`;
}

/** A listing's value range, as `alias.value_min` and `alias.value_max`. */
type Range = [string, string];
const range = (alias: string): Range => [`${alias}.value_min`, `${alias}.value_max`];

/** fairValue's overlap: the share of the two ranges' span that both cover; 1 for the same exact price. */
function overlap([aMin, aMax]: Range, [bMin, bMax]: Range): string {
  return `coalesce(greatest(0, least(${aMax}, ${bMax}) - greatest(${aMin}, ${bMin}))::float8
    / nullif(greatest(${aMax}, ${bMax}) - least(${aMin}, ${bMin}), 0), 1)`;
}

/** How far apart the two middles are, as a share of the larger (values are at least $1, so never over zero). */
function gap([aMin, aMax]: Range, [bMin, bMax]: Range): string {
  return `abs((${aMin} + ${aMax}) - (${bMin} + ${bMax}))::float8 / greatest(${aMin} + ${aMax}, ${bMin} + ${bMax})`;
}

/**
 * What ranks a circle and names it, from its listings' ranges in cycle order (each member gives one and gets the
 * next, so every neighbouring pair is one member's deal): the worst-off member's overlap and middle gap, and the
 * key (listing ids in cycle order from the smallest; the same rule as circleKey).
 */
function circleColumns(ids: string[], ranges: Range[]): string {
  const pairs = ranges.map((r, i) => [r, ranges[(i + 1) % ranges.length]] as const);
  const text = (id: string) => `${id}::text`;
  // uuids compare as their bytes, which is the order of their text: the same start as circleKey's.
  const rotations = ids.map((_, i) => [...ids.slice(i), ...ids.slice(0, i)]);
  const key = rotations
    .map((r) => {
      const smallest = r.slice(1).map((other) => `${r[0]} <= ${other}`);
      return `when ${smallest.join(" and ")} then ${r.map(text).join(" || ':' || ")}`;
    })
    .join(" ");
  return `array[${ids.map(text).join(", ")}] as listings,
    least(${pairs.map(([a, b]) => overlap(a, b)).join(", ")}) as fairness,
    greatest(${pairs.map(([a, b]) => gap(a, b)).join(", ")}) as gap,
    case ${key} end as key`;
}

/** The listing ids in cycle order, rotated to start at the smallest: two finds of one circle share it. */
export function circleKey(legs: CircleLeg[]): string {
  const ids = legs.map((leg) => leg.listingId);
  const start = ids.indexOf([...ids].sort()[0]);
  return [...ids.slice(start), ...ids.slice(0, start)].join(":");
}

/** The fairest for its worst-off member first; the key (in byte order, as on every server) settles ties. */
const BEST_FIRST = `fairness desc, gap, key collate "C"`;
/** Shorter chains first (a circle of three fails more often), then the fairest. */
const RANKING = `cardinality(listings), ${BEST_FIRST}`;

/**
 * Circles through one member A giving one of `gives` (listings of A's). Walked forward only: what A wants (B's
 * listings), what each B wants (C's, or back to A's: a circle of two), and whether each C wants one of A's. The work
 * grows with how much A and the B's and C's want (a few hundred rows), never with how many want A's listing: a
 * popular listing has thousands of wanters.
 */
async function circlesGiving(db: Db, gives: SQL, limit: number): Promise<Circle[]> {
  const result = await db.execute<CircleRow>(sql`
    with gives as (
      select listings.id, listings.user_id as giver, listings.value_min, listings.value_max
      from listings left join profiles on profiles.user_id = listings.user_id
      where ${gives} and ${isPublicListing()}
    ), hop1 as (
      select a.a, w.* from (select distinct giver as a from gives) a
      cross join lateral (${listingsWantedBy(sql.raw("a.a"))}) w
    ), hop2 as (
      select b.a, b.b, w.* from (select distinct a, giver as b from hop1) b
      cross join lateral (${listingsWantedBy(sql.raw("b.b"))}) w
    ), closing as (
      select distinct c.c, g.* from (select distinct giver as c from hop2 where giver <> a) c
      cross join lateral (${wantedIds(sql.raw("c.c"))}) w
      join gives g on g.id = w.listing_id
    ), circles as (
      select array[t.giver, h.giver] as givers, ${sql.raw(circleColumns(["t.id", "h.id"], [range("t"), range("h")]))}
      from hop1 h join hop2 t on t.b = h.giver and t.id in (select id from gives)
      union all
      select array[g.giver, c.giver, h.giver],
        ${sql.raw(circleColumns(["g.id", "c.id", "h.id"], [range("g"), range("c"), range("h")]))}
      from hop1 h join hop2 c on c.b = h.giver and c.giver <> h.a join closing g on g.c = c.giver
    )
    select givers, listings, fairness, key from circles order by ${sql.raw(RANKING)} limit ${limit}`);
  return rowsOf(result).map(circleOf);
}

function circleOf(row: CircleRow): Circle {
  const n = row.givers.length;
  const legs = row.givers.map((giverId, i) => ({
    giverId,
    listingId: row.listings[i],
    receiverId: row.givers[(i + 1) % n],
  }));
  return { legs, key: row.key, fairness: Number(row.fairness) };
}

export type CirclePassOptions = {
  /** Called with each batch's kept circles (fairest first), inside the pass's transaction: write through `tx` only.
   *  A batch at a time, so that what is done with them (offering, decision 108) can be a few set-based statements
   *  rather than a few statements per circle. */
  onCircles: (circles: Circle[], tx: Db) => Promise<void> | void;
  /** The most circles one member is put in (each with another of their listings). */
  perMember?: number;
  /** Members anchoring one batch: what one statement works on. */
  batchSize?: number;
  /** The best circles kept per anchoring member and batch: bounds a batch's rows. */
  candidatesPerMember?: number;
};

/**
 * The nightly pass over the whole want graph. Every listing lands in at most one circle of the pass and every member
 * in at most `perMember`, so this is a greedy matching rather than an enumeration (which grows with the cube of
 * popular members' wants). The strategy, and why:
 * - One transaction. The wants are materialised once into a temporary table (wanter, listing, giver, values:
 *   already public, on offer, live and not the wanter's own), so each batch joins three copies of one narrow
 *   indexed table instead of re-joining listings, profiles and saved searches for every path; the table is
 *   dropped at commit and every batch sees the same graph.
 * - The wants of members who have nothing on offer are left out: on a real site most members only browse and save.
 * - A circle is found only from its member with the smallest id (the anchor), so each circle is seen once. Anchors
 *   are taken in id order, `batchSize` at a time; a batch starts from its anchors' own wants and the wants of their
 *   listings (two index ranges), a circle of three costs one index probe per (A wants B's, C wants A's) pair, and
 *   at most `candidatesPerMember` circles per anchor come back: a batch's rows stay bounded however large the graph.
 *   The process keeps only how many circles each member is in so far (bounded by the circles kept).
 * - All circles of two first, then circles of three: shorter chains are preferred across the whole graph, not
 *   just within a batch. Within a batch the fairest come first.
 * - What a kept circle uses is taken out of the table at once (its listings; members who reached `perMember`), so
 *   later batches only see circles that can still be kept.
 */
export async function findAllCircles(
  db: Db,
  { onCircles, perMember = 3, batchSize = 5000, candidatesPerMember = 10 }: CirclePassOptions,
): Promise<{ circles: number; ofTwo: number; ofThree: number }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await collectWants(tx);
    const ends = await batchEnds(tx, batchSize);
    const circlesOf = new Map<string, number>();
    const kept = { 2: 0, 3: 0 };
    for (const size of [2, 3] as const) {
      for (const [i, last] of ends.entries()) {
        const candidates = await candidatesIn(tx, size, { after: ends[i - 1] ?? "", last }, candidatesPerMember);
        const chosen = keepCircles(candidates, circlesOf, perMember);
        if (chosen.length > 0) await onCircles(chosen, tx);
        await retire(tx, chosen, circlesOf, perMember);
        kept[size] += chosen.length;
      }
    }
    return { circles: kept[2] + kept[3], ofTwo: kept[2], ofThree: kept[3] };
  });
}

/** The wants of the whole graph, in a temporary table indexed for the ways a batch walks it. */
async function collectWants(tx: Db) {
  // A batch job's statements: big estimated costs would make PostgreSQL compile each with JIT (a second or more,
  // for statements that run in tens of ms), and collecting the wants would spill to disk at the default work_mem.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Member ids compare byte by byte ("C"): any fixed order serves the anchors, and indexing and comparing text that
  // way is cheaper than by a language's rules.
  await tx.execute(sql`create temporary table swap_circle_wants (wanter text collate "C" not null,
    listing_id uuid not null, giver text collate "C" not null, value_min integer not null,
    value_max integer not null) on commit drop`);
  // Only the wants of members who have something on offer themselves: one who lists nothing (most who browse and
  // save) is in no circle. Other dead ends (a giver who wants nothing) stay: an anti-join over the whole table
  // would cost more than they do, as a batch reads only its anchors' own wants and the wants of their listings.
  await tx.execute(sql`insert into swap_circle_wants (wanter, listing_id, giver, value_min, value_max)
    select w.wanter, listings.id, listings.user_id, listings.value_min, listings.value_max
    from (select f.user_id as wanter, f.listing_id from favourites f
      union
      select s.user_id, m.listing_id from saved_searches s join saved_search_matches m on m.saved_search_id = s.id
      where ${liveSearch("s")}) w
    join listings on listings.id = w.listing_id
    left join profiles on profiles.user_id = listings.user_id
    where listings.user_id <> w.wanter and ${isPublicListing()}
      and w.wanter in (select o.user_id from listings o where o.status = 'active')`);
  // (wanter, giver) and (giver, wanter): a batch's ranges of anchors, and a want between two members in one probe.
  await tx.execute(sql`create index on swap_circle_wants (wanter, giver)`);
  await tx.execute(sql`create index on swap_circle_wants (giver, wanter)`);
  await tx.execute(sql`create index on swap_circle_wants (listing_id)`);
  // Temporary tables are never analysed automatically: without statistics every batch's joins would be guessed.
  await tx.execute(sql`analyze swap_circle_wants`);
}

/** Where each batch of `batchSize` anchoring members ends (the last batch's at the last member). */
async function batchEnds(tx: Db, batchSize: number): Promise<string[]> {
  const result = await tx.execute<{ wanter: string }>(sql`
    select wanter from (
      select wanter, row_number() over (order by wanter) as n, count(*) over () as members
      from (select distinct wanter from swap_circle_wants) anchors) numbered
    where n % ${batchSize} = 0 or n = members
    order by n`);
  return rowsOf(result).map((row) => row.wanter);
}

type Batch = { after: string; last: string };

/**
 * Circles of `size` anchored at the batch's members, A: e1, A wants B's Lb (A < B), and e3, someone wants A's La.
 * Of two, e3's wanter is B; of three, it is C (A < C) and e2, B wants C's Lc, closes it. The best `perAnchor` per
 * anchor, best first.
 */
async function candidatesIn(tx: Db, size: 2 | 3, { after, last }: Batch, perAnchor: number): Promise<Circle[]> {
  // e2 is looked up by both its members in one index probe: the subquery is fenced (offset 0) so that the planner
  // cannot turn it into a join that probes by one member and filters thousands of rows by the other.
  const walk =
    size === 2
      ? `array[e1.wanter, e1.giver] as givers,
          ${circleColumns(["e3.listing_id", "e1.listing_id"], [range("e3"), range("e1")])}
        from swap_circle_wants e1
        join swap_circle_wants e3 on e3.giver = e1.wanter and e3.wanter = e1.giver`
      : `array[e1.wanter, e3.wanter, e1.giver] as givers,
          ${circleColumns(["e3.listing_id", "e2.listing_id", "e1.listing_id"], [range("e3"), range("e2"), range("e1")])}
        from swap_circle_wants e1
        join swap_circle_wants e3 on e3.giver = e1.wanter
        cross join lateral (select listing_id, value_min, value_max from swap_circle_wants w
          where w.wanter = e1.giver and w.giver = e3.wanter offset 0) e2`;
  // Both ends of the anchor are bounded (e3.giver is e1.wanter): each side is read by its own index range.
  const result = await tx.execute<CircleRow>(sql`
    select givers, listings, fairness, key from (
      select c.*, row_number() over (partition by givers[1] order by ${sql.raw(BEST_FIRST)}) as n
      from (select ${sql.raw(walk)}
        where e1.wanter > ${after} and e1.wanter <= ${last} and e1.giver > e1.wanter
          and e3.giver > ${after} and e3.giver <= ${last} and e3.wanter > e3.giver) c
    ) ranked
    where n <= ${perAnchor}
    order by ${sql.raw(BEST_FIRST)}`);
  return rowsOf(result).map(circleOf);
}

/** Greedy, best first: a circle is kept when none of its listings is taken and none of its members is full. */
function keepCircles(candidates: Circle[], circlesOf: Map<string, number>, perMember: number): Circle[] {
  const taken = new Set<string>();
  const kept: Circle[] = [];
  for (const circle of candidates) {
    const full = (leg: CircleLeg) => (circlesOf.get(leg.giverId) ?? 0) >= perMember;
    if (circle.legs.some((leg) => taken.has(leg.listingId) || full(leg))) continue;
    for (const leg of circle.legs) {
      taken.add(leg.listingId);
      circlesOf.set(leg.giverId, (circlesOf.get(leg.giverId) ?? 0) + 1);
    }
    kept.push(circle);
  }
  return kept;
}

/** Takes what the kept circles use out of the graph: their listings, and the members who are now full. */
async function retire(tx: Db, kept: Circle[], circlesOf: Map<string, number>, perMember: number) {
  const legs = kept.flatMap((circle) => circle.legs);
  if (legs.length === 0) return;
  const listingIds = JSON.stringify(legs.map((leg) => leg.listingId));
  const full = JSON.stringify(
    [...new Set(legs.map((leg) => leg.giverId))].filter((id) => (circlesOf.get(id) ?? 0) >= perMember),
  );
  // = any(array(...)): one index scan per id, where `in (select ...)` may join against the whole table.
  await tx.execute(sql`delete from swap_circle_wants
    where listing_id = any(array(select value::uuid from jsonb_array_elements_text(${listingIds}::jsonb)))`);
  if (full === "[]") return;
  await tx.execute(sql`delete from swap_circle_wants
    where wanter = any(array(select value from jsonb_array_elements_text(${full}::jsonb)))
      or giver = any(array(select value from jsonb_array_elements_text(${full}::jsonb)))`);
}
