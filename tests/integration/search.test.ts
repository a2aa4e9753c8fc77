import crypto from "node:crypto";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  plannerSettingsSql,
  type SearchListingsOptions,
  searchListings,
  searchListingsQuery,
} from "#core/listings/search-listings.ts";
import {
  decodeCursor,
  parseSearchParams,
  RADIUS_OPTIONS,
  type SearchParams,
  type SearchSort,
  SORT_OPTIONS,
  toSearchQuery,
} from "#core/listings/search-params.ts";
import { distanceKmSql, type Point } from "#core/locations/distance.ts";
import { findLocality, type Locality } from "#core/locations/localities.ts";
import { resolveSearchPlace } from "#core/locations/resolve-search-place.ts";
import { users } from "#db/schema/auth.ts";
import { type ListingCategory, type ListingCondition, type ListingStatus, listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { createListing as createListingRow } from "../support/factories";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();

function place(suburb: string, postcode: string): Locality {
  const found = findLocality({ suburb, postcode });
  if (!found) throw new Error(`no locality ${suburb} ${postcode}`);
  return found;
}
// From Bondi: Sydney 5.5 km, Strathfield 17 km, Parramatta 25.3 km, Newcastle 118 km, Melbourne 716 km.
const BONDI = place("Bondi", "2026");
const SYDNEY = place("Sydney", "2000");
const STRATHFIELD = place("Strathfield", "2135");
const PARRAMATTA = place("Parramatta", "2150");
const NEWCASTLE = place("Newcastle", "2300");
const MELBOURNE = place("Melbourne", "3000");
const point = (l: Point): Point => ({ latitude: l.latitude, longitude: l.longitude });

async function createOwner(profile: Partial<typeof profiles.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name: "Kylie Nguyen", email: `${id}@example.com.au` });
  await db.insert(profiles).values({ userId: id, ...profile });
  return id;
}

let clock = Date.parse("2026-03-01T00:00:00Z");
type ListingFields = {
  title: string;
  description?: string;
  at?: Locality;
  category?: ListingCategory;
  condition?: ListingCondition;
  value?: [number, number];
  status?: ListingStatus;
  createdAt?: Date;
};

async function createListing(ownerId: string, fields: ListingFields) {
  const at = fields.at ?? BONDI;
  clock += 60_000;
  return createListingRow(db, ownerId, {
    title: fields.title,
    description: fields.description ?? "In good order, pick up any weekend.",
    category: fields.category ?? "other",
    condition: fields.condition ?? "good",
    valueMin: fields.value?.[0] ?? 100,
    valueMax: fields.value?.[1] ?? 200,
    location: at.label,
    suburb: at.suburb,
    state: at.state,
    postcode: at.postcode,
    latitude: at.latitude,
    longitude: at.longitude,
    images: [{ key: "test/listing", widths: [400] }],
    status: fields.status ?? "active",
    // One minute apart unless given: "newest" has one right answer.
    createdAt: fields.createdAt ?? new Date(clock),
  });
}

const params = (p: Partial<SearchParams> = {}): SearchParams => ({ q: "", location: "", sort: "newest", ...p });
type Options = Omit<SearchListingsOptions, "params">;
const search = async (p: Partial<SearchParams>, options: Options = {}) =>
  searchListings(db, { params: params(p), ...options });
const ids = async (p: Partial<SearchParams>, options: Options = {}) =>
  (await search(p, options)).listings.map((l) => l.id);

/** Every page through "Load more", checking each page's size on the way. */
async function walk(p: Partial<SearchParams>, options: Options & { limit: number }) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = await search({ ...p, cursor }, options);
    seen.push(...page.listings.map((l) => l.id));
    if (!page.nextCursor) {
      expect(page.listings.length).toBeLessThanOrEqual(options.limit);
      return seen;
    }
    expect(page.listings).toHaveLength(options.limit);
    cursor = page.nextCursor;
  }
  throw new Error("Load more never ended");
}

let owner: string;
const corpus: Record<string, string> = {};
const hidden: string[] = [];

/**
 * The listings every search below runs over, by name: whose, what, in which category, where, for how much, and what
 * else sets it apart. One row each, so a search's expected answer can be read off the table.
 */
const CORPUS: Record<string, [lister: "owner" | "other", title: string, fields: Omit<ListingFields, "title">]> = {
  chainsaw: [
    "owner",
    "Stihl chainsaw MS250",
    { category: "tradie_tools", value: [300, 400], description: "Starts first pull, new chain." },
  ],
  mulcher: [
    "other",
    "Garden mulcher",
    {
      category: "home_garden",
      at: STRATHFIELD,
      value: [150, 250],
      description: "Handles the branches after the chainsaw has been through.",
    },
  ],
  hilux: [
    "other",
    "Toyota Hilux SR5 ute",
    {
      category: "cars_vehicles",
      condition: "fair",
      at: PARRAMATTA,
      value: [15000, 18000],
      description: "Dual cab, towbar, logbook serviced.",
    },
  ],
  drill: [
    "owner",
    "Makita cordless drill",
    { category: "tradie_tools", condition: "like_new", at: NEWCASTLE, value: [80, 120] },
  ],
  surfboard: [
    "other",
    "Vintage single fin surfboard",
    { category: "sports_outdoors", at: MELBOURNE, value: [400, 900] },
  ],
  kettle: ["owner", "Weber kettle barbecue", { at: SYDNEY, category: "home_garden" }],
};

beforeAll(async () => {
  owner = await createOwner();
  const other = await createOwner();
  for (const [name, [lister, title, fields]] of Object.entries(CORPUS)) {
    corpus[name] = await createListing(lister === "owner" ? owner : other, { title, ...fields });
  }

  const suspended = await createOwner({ status: "suspended", suspendedAt: new Date(), suspensionReason: "fraud" });
  const leaving = await createOwner({
    deletedAt: new Date(),
    permanentDeletionAt: new Date(Date.now() + 30 * 86_400_000),
    deletionReason: "member request",
  });
  hidden.push(
    await createListing(suspended, { title: "Husqvarna chainsaw", category: "tradie_tools" }),
    await createListing(leaving, { title: "Chainsaw chaps and helmet", category: "tradie_tools" }),
    await createListing(owner, { title: "Echo chainsaw", status: "deleted", category: "tradie_tools" }),
    await createListing(owner, { title: "Ryobi chainsaw", status: "cancelled", category: "tradie_tools" }),
    await createListing(owner, { title: "Ozito chainsaw", status: "reserved", category: "tradie_tools" }),
  );
});

describe("search parameters from the URL", () => {
  test("a well-formed search is read as it is", () => {
    const url = new URLSearchParams(
      "q=%20chainsaw%20&location=Bondi+NSW+2026&category=tradie_tools&condition=good&min=%24100&max=1%2C500&radius=25&sort=nearest",
    );
    expect(parseSearchParams(url)).toEqual({
      q: "chainsaw",
      location: "Bondi NSW 2026",
      category: "tradie_tools",
      condition: "good",
      minValue: 100,
      maxValue: 1500,
      radiusKm: 25,
      sort: "nearest",
    });
  });

  test("values that do not fit are dropped, never an error", () => {
    const url = new URLSearchParams(
      "category=services&condition=broken&min=abc&max=-5&radius=30&sort=random&cursor=%%",
    );
    expect(parseSearchParams(url)).toEqual({ q: "", location: "", sort: "newest" });
    expect(parseSearchParams({ q: "x".repeat(300) }).q).toHaveLength(100);
    expect(parseSearchParams({ min: "900", max: "100" })).toMatchObject({ minValue: 100, maxValue: 900 });
  });

  test("nearest without a place to measure from is newest", () => {
    expect(parseSearchParams({ sort: "nearest" }).sort).toBe("newest");
    expect(parseSearchParams({ sort: "nearest" }, { hasOrigin: true }).sort).toBe("nearest");
    expect(parseSearchParams({ sort: "nearest", location: "Bondi" }, { hasOrigin: false }).sort).toBe("newest");
  });

  test("a search goes back into a link unchanged, without its defaults", () => {
    const read = parseSearchParams({
      q: "stihl chainsaw",
      location: "Bondi",
      radius: "10",
      sort: "value_desc",
      min: "5",
    });
    expect(toSearchQuery(read)).toBe("q=stihl+chainsaw&location=Bondi&min=5&radius=10&sort=value_desc");
    expect(parseSearchParams(new URLSearchParams(toSearchQuery(read)))).toEqual(read);
    expect(toSearchQuery(params())).toBe("");
  });

  test("the page has labels for every distance and sort", () => {
    expect(RADIUS_OPTIONS.map((o) => o.label)).toEqual(["5 km", "10 km", "25 km", "50 km", "100 km", "Any distance"]);
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "Relevance",
      "Newest",
      "Nearest",
      "Value: low to high",
      "Value: high to low",
    ]);
  });
});

describe("finding listings by words", () => {
  test("words in the title or the description find a listing, stemmed", async () => {
    expect((await ids({ q: "chainsaw" })).sort()).toEqual([corpus.chainsaw, corpus.mulcher].sort());
    expect((await ids({ q: "chainsaws" })).sort()).toEqual([corpus.chainsaw, corpus.mulcher].sort());
    expect(await ids({ q: "branches" })).toEqual([corpus.mulcher]);
    expect(await ids({ q: "toyota hilux" })).toEqual([corpus.hilux]);
  });

  test("a typo still finds the listing", async () => {
    expect(await ids({ q: "chainsw" })).toEqual([corpus.chainsaw]);
    expect(await ids({ q: "toyta" })).toEqual([corpus.hilux]);
    expect(await ids({ q: "Makitta drill" })).toEqual([corpus.drill]);
    expect(await ids({ q: "zzqxv" })).toEqual([]);
  });

  test("suspended and leaving members' listings and deleted, cancelled or reserved ones never appear", async () => {
    for (const q of ["chainsaw", "chainsw", "husqvarna", "chaps", "echo", "ryobi", "ozito", ""]) {
      const found = await walk({ q }, { limit: 5 });
      for (const id of hidden) expect(found).not.toContain(id);
    }
  });
});

describe("filters", () => {
  test("category and condition narrow the results", async () => {
    const tools = await walk({ category: "tradie_tools" }, { limit: 50 });
    expect(tools).toEqual(expect.arrayContaining([corpus.chainsaw, corpus.drill]));
    expect(tools).not.toContain(corpus.mulcher);
    const fair = await walk({ condition: "fair" }, { limit: 50 });
    expect(fair).toContain(corpus.hilux);
    expect(fair).not.toContain(corpus.chainsaw);
    expect(await ids({ q: "chainsaw", category: "home_garden" })).toEqual([corpus.mulcher]);
  });

  test("a value range finds listings whose range overlaps it", async () => {
    const rows = await db
      .select({ id: listings.id })
      .from(listings)
      .where(inArray(listings.id, Object.values(corpus)));
    expect(rows).toHaveLength(Object.keys(corpus).length);
    const between = await walk({ minValue: 350, maxValue: 500 }, { limit: 50 });
    expect(between).toEqual(expect.arrayContaining([corpus.chainsaw, corpus.surfboard]));
    for (const id of [corpus.mulcher, corpus.hilux, corpus.drill]) expect(between).not.toContain(id);
    const expensive = await walk({ minValue: 10000 }, { limit: 50 });
    expect(expensive).toContain(corpus.hilux);
    expect(expensive).not.toContain(corpus.surfboard);
  });

  test("25 km from Bondi reaches Strathfield but not Parramatta (25.3 km) or Newcastle; 50 km reaches Parramatta", async () => {
    const origin = point(BONDI);
    const near = await walk({ radiusKm: 25 }, { origin, limit: 50 });
    expect(near).toEqual(expect.arrayContaining([corpus.chainsaw, corpus.kettle, corpus.mulcher]));
    for (const id of [corpus.hilux, corpus.drill, corpus.surfboard]) expect(near).not.toContain(id);
    const wider = await walk({ radiusKm: 50 }, { origin, limit: 50 });
    expect(wider).toContain(corpus.hilux);
    expect(wider).not.toContain(corpus.drill);
    expect((await ids({ q: "chainsaw", radiusKm: 5 }, { origin })).sort()).toEqual([corpus.chainsaw]);
    expect((await ids({ q: "chainsaw", radiusKm: 25 }, { origin })).sort()).toEqual(
      [corpus.chainsaw, corpus.mulcher].sort(),
    );
  });

  test("the radius and the cards' distances are measured from the place searched", async () => {
    const result = await search(
      { q: "chainsaw", radiusKm: 10 },
      { origin: point(BONDI), viewer: { point: point(MELBOURNE) } },
    );
    expect(result.listings.map((l) => l.id)).toEqual([corpus.chainsaw]);
    expect(result.listings[0].distanceKm).toBeLessThan(1);
    // Without a place typed, the viewer's own point is the origin, and the cards measure from it too.
    const fromHome = await search({ q: "chainsaw", radiusKm: 10 }, { viewer: { point: point(BONDI) } });
    expect(fromHome.listings.map((l) => l.id)).toEqual([corpus.chainsaw]);
    expect(fromHome.listings[0].distanceKm).toBeLessThan(1);
    // Without any point, a radius cannot apply, and cards have no distance.
    const nowhere = await search({ q: "chainsaw", radiusKm: 5 }, {});
    expect(nowhere.listings.map((l) => l.id).sort()).toEqual([corpus.chainsaw, corpus.mulcher].sort());
    expect(nowhere.listings.every((l) => l.distanceKm === null)).toBe(true);
  });

  test("a place typed but not understood turns the radius and nearest off; cards measure from the viewer", async () => {
    const result = await search(
      { q: "chainsaw", radiusKm: 5, sort: "nearest" },
      { origin: null, viewer: { point: point(MELBOURNE) } },
    );
    expect(result.listings.map((l) => l.id).sort()).toEqual([corpus.chainsaw, corpus.mulcher].sort());
    expect(result.listings.every((l) => (l.distanceKm ?? 0) > 700)).toBe(true);
  });

  test("a member in Sydney searching near Melbourne by nearest sees distances from Melbourne", async () => {
    const melbourne = resolveSearchPlace("Melbourne");
    if (melbourne.kind !== "place") throw new Error("Melbourne did not resolve");
    const result = await search(
      { sort: "nearest", radiusKm: 25 },
      { origin: point(melbourne.place), viewer: { point: point(SYDNEY) } },
    );
    expect(result.listings.map((l) => l.id)).toEqual([corpus.surfboard]);
    expect(result.listings[0].distanceKm).toBeLessThan(2);
  });

  test("a postcode alone and a suburb alone search around that place", async () => {
    const cases: [string, string][] = [
      ["2135", corpus.mulcher],
      ["strathfield nsw", corpus.mulcher],
      ["Parramatta", corpus.hilux],
    ];
    for (const [typed, expected] of cases) {
      const found = resolveSearchPlace(typed);
      if (found.kind !== "place") throw new Error(`${typed} did not resolve`);
      const result = await search({ radiusKm: 5 }, { origin: point(found.place), viewer: {} });
      const mine = result.listings.filter((l) => Object.values(corpus).includes(l.id));
      expect(
        mine.map((l) => l.id),
        typed,
      ).toEqual([expected]);
      expect(mine[0].distanceKm, typed).toBeLessThan(5);
    }
  });
});

describe("sorting", () => {
  const corpusOrder = (found: string[]) => found.filter((id) => Object.values(corpus).includes(id));

  test("nearest sorts by distance from the place searched", async () => {
    const found = await walk({ sort: "nearest" }, { origin: point(BONDI), limit: 4 });
    expect(corpusOrder(found)).toEqual([
      corpus.chainsaw,
      corpus.kettle,
      corpus.mulcher,
      corpus.hilux,
      corpus.drill,
      corpus.surfboard,
    ]);
  });

  test("value sorts run low to high on the lower bound and high to low on the upper bound", async () => {
    const up = corpusOrder(await walk({ sort: "value_asc" }, { limit: 4 }));
    expect(up).toEqual([corpus.drill, corpus.kettle, corpus.mulcher, corpus.chainsaw, corpus.surfboard, corpus.hilux]);
    const down = corpusOrder(await walk({ sort: "value_desc" }, { limit: 4 }));
    expect(down).toEqual([
      corpus.hilux,
      corpus.surfboard,
      corpus.chainsaw,
      corpus.mulcher,
      corpus.kettle,
      corpus.drill,
    ]);
  });

  test("nearest without a place falls back to newest", async () => {
    const newest = await walk({}, { limit: 50 });
    expect(await walk({ sort: "nearest" }, { limit: 50 })).toEqual(newest);
  });
});

describe("Load more", () => {
  const quokkas: string[] = [];

  beforeAll(async () => {
    // 30 listings at one instant (to the microsecond), one place and one value: only the id tells them apart.
    for (let i = 0; i < 30; i++)
      quokkas.push(await createListing(owner, { title: `Quokka lamp ${i}`, value: [50, 75] }));
    const at = (iso: string) => sql`${iso}::timestamptz`;
    await db
      .update(listings)
      .set({ createdAt: at("2026-02-01T10:00:00.123456Z") })
      .where(inArray(listings.id, quokkas));
    // Neighbours a microsecond or less apart: a cursor rounded to milliseconds would skip or repeat them.
    const later = await createListing(owner, { title: "Quokka lamp later" });
    const earlier = await createListing(owner, { title: "Quokka lamp earlier" });
    await db
      .update(listings)
      .set({ createdAt: at("2026-02-01T10:00:00.123457Z") })
      .where(eq(listings.id, later));
    await db
      .update(listings)
      .set({ createdAt: at("2026-02-01T10:00:00.123Z") })
      .where(eq(listings.id, earlier));
    quokkas.push(later, earlier);
  });

  /** The same search in one query with no limit, ordered the way the sort promises. */
  async function expected(sort: SearchSort, origin?: Point) {
    const base = db.select({ id: listings.id }).from(listings).leftJoin(profiles, eq(profiles.userId, listings.userId));
    const visible = sql`${listings.status} = 'active' and (${profiles.userId} is null or (${profiles.status} <> 'suspended' and ${profiles.deletedAt} is null))`;
    const order =
      // Relevance without words is newest.
      sort === "newest" || sort === "relevance"
        ? [desc(listings.createdAt), desc(listings.id)]
        : sort === "value_asc"
          ? [asc(listings.valueMin), asc(listings.id)]
          : sort === "value_desc"
            ? [desc(listings.valueMax), desc(listings.id)]
            : [
                asc(distanceKmSql(listings.latitude, listings.longitude, origin!.latitude, origin!.longitude)),
                asc(listings.id),
              ];
    return (await base.where(visible).orderBy(...order)).map((r) => r.id);
  }

  for (const sort of ["relevance", "newest", "nearest", "value_asc", "value_desc"] as const) {
    test(`every page of "${sort}" follows on from the last, with no repeats or gaps`, async () => {
      const origin = point(BONDI);
      const everything = await walk({ sort }, { origin, limit: 7 });
      expect(everything).toEqual(await expected(sort, origin));
      const lamps = await walk({ sort, q: "quokka lamp" }, { origin, limit: 7 });
      expect(new Set(lamps).size).toBe(quokkas.length);
      expect([...lamps].sort()).toEqual([...quokkas].sort());
      // Nearest with words reads the nearest listings first and checks the words on them: the same order.
      if (sort === "nearest")
        expect(lamps).toEqual((await expected("nearest", origin)).filter((id) => quokkas.includes(id)));
    });
  }

  test("a first page says how many listings match in all, every sort and filter included; later pages leave it to the first", async () => {
    const origin = point(BONDI);
    for (const sort of ["newest", "nearest", "value_asc"] as const) {
      const first = await search({ sort, q: "quokka lamp" }, { origin, limit: 7 });
      expect(first.listings).toHaveLength(7);
      expect(first.total).toBe(quokkas.length);
      expect(
        (await search({ sort, q: "quokka lamp", cursor: first.nextCursor ?? undefined }, { origin, limit: 7 })).total,
      ).toBeNull();
    }
    // A typo-tolerant search counts its typo-tolerant matches; a page that holds every match is its own count.
    expect((await search({ q: "quoka" }, { limit: 7 })).total).toBe(quokkas.length);
    expect((await search({ q: "quokka lamp" }, { limit: 50 })).total).toBe(quokkas.length);
    const near = await walk({ radiusKm: 25 }, { origin, limit: 50 });
    expect((await search({ radiusKm: 25 }, { origin, limit: 3 })).total).toBe(near.length);
    expect((await search({ q: "zeppelin" }, { limit: 7 })).total).toBe(0);
  });

  test("pages of a typo-tolerant search stay typo-tolerant", async () => {
    const first = await search({ q: "quoka" }, { limit: 7 });
    expect(decodeCursor(first.nextCursor ?? undefined)?.fuzzy).toBe(true);
    const lamps = await walk({ q: "quoka" }, { limit: 7 });
    expect([...lamps].sort()).toEqual([...quokkas].sort());
  });

  test("a cursor from another sort, or a made-up one, starts again at page one", async () => {
    const byValue = await search({ q: "quokka" }, { limit: 7 });
    const first = await ids({ sort: "value_asc", q: "quokka" }, { limit: 7 });
    expect(
      await ids({ sort: "value_asc", q: "quokka", cursor: byValue.nextCursor ?? undefined }, { limit: 7 }),
    ).toEqual(first);
    expect(await ids({ sort: "value_asc", q: "quokka", cursor: "bm90LWEtY3Vyc29y" }, { limit: 7 })).toEqual(first);
  });

  test("the SQL never pages with OFFSET", async () => {
    const cursor = (await search({ q: "quokka" }, { limit: 7 })).nextCursor ?? undefined;
    for (const sort of ["relevance", "newest", "nearest", "value_asc", "value_desc"] as const) {
      for (const fuzzy of [false, true]) {
        const query = searchListingsQuery(db, {
          params: params({ sort, q: "quokka", radiusKm: 25, cursor }),
          origin: point(BONDI),
          fuzzy,
        });
        const { sql: text } = query.toSQL();
        expect(text).toMatch(/\blimit\b/i);
        expect(text).not.toMatch(/\boffset\b/i);
      }
    }
  });
});

describe.skipIf(handle.kind !== "postgres")("query plans (PostgreSQL)", () => {
  test("words within 25 km are found through the search or location index, not by reading every listing", async () => {
    const someone = await createOwner();
    // 20,000 listings around Sydney with common words; one in fifty mentions a wombat.
    await db.execute(sql`
      insert into listings (user_id, title, description, category, condition, value_min, value_max, location, suburb,
        state, postcode, latitude, longitude, images, created_at)
      select ${someone}, case when g % 50 = 0 then 'Wombat doorstop ' || g else 'Garden hose reel ' || g end,
        'Barely used, collection from the front porch on weekends. ' || repeat('Plenty of life left. ', 5),
        'home_garden', 'good', 20, 40, 'Somewhere NSW 2000', 'Somewhere', 'NSW', '2000',
        -33.5 - (g % 97) / 100.0, 150.5 + (g % 89) / 100.0, '[{"key":"k","widths":[400]}]'::jsonb,
        now() - g * interval '1 minute'
      from generate_series(1, 20000) g`);
    await db.execute(sql`analyze listings`);
    const query = searchListingsQuery(db, {
      params: params({ q: "wombat", radiusKm: 25 }),
      origin: point(BONDI),
    }).toSQL();
    const plan = await handle.pool!.query(`explain ${query.sql}`, query.params as unknown[]);
    const text = plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
    expect(text).toMatch(
      /Index (Only )?Scan (Backward )?using listings_(search|geo|title_trgm)_idx|Bitmap Index Scan on listings_(search|geo|title_trgm)_idx/,
    );
    expect(text).not.toMatch(/Seq Scan on listings/);
  });

  test("words that match nothing get a plan that reads only their matches, not every listing", async () => {
    // When the planner's first choice (walking the feed in date order) overruns its budget, the page is asked
    // again with these settings: at a million listings that walk took 13 s for a word nobody used.
    for (const [q, fuzzy, radiusKm] of [
      ["zeppelin", false, undefined],
      ["zeppelin", true, undefined],
      ["wombat garden", false, 25],
    ] as const) {
      const query = searchListingsQuery(db, { params: params({ q, radiusKm }), origin: point(BONDI), fuzzy });
      const text = await db.transaction(async (tx) => {
        await tx.execute(plannerSettingsSql({ statementTimeoutMs: 3000, bitmapOnly: true }));
        const plan = await tx.execute(sql`explain ${query}`);
        const rows = ("rows" in plan ? plan.rows : plan) as Record<string, string>[];
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(text).toMatch(/Bitmap Index Scan on listings_(search|title_trgm)_idx/);
      expect(text).not.toMatch(/listings_feed_idx|Seq Scan on listings/);
    }
  });

  test("a search still answers when the planner's first choice overruns: the same rows either way", async () => {
    const rows = async (budget: boolean) =>
      db.transaction(async (tx) => {
        await tx.execute(plannerSettingsSql({ statementTimeoutMs: 3000, bitmapOnly: budget }));
        return (await searchListingsQuery(tx as unknown as typeof db, { params: params({ q: "wombat" }) })).map(
          (r) => r.id,
        );
      });
    const planned = await rows(false);
    expect(planned.length).toBeGreaterThan(0);
    expect(await rows(true)).toEqual(planned);
  });
});

describe("counting matches past the newest listings", () => {
  // The count walks the newest 4,000 active listings in feed order, then counts the rest through the search
  // indexes: both halves must agree with the truth, whether the matches are new and many or old and few.
  beforeAll(async () => {
    const owner = await createOwner();
    const row = (title: string, createdAt: Date) => ({
      userId: owner,
      title,
      description: "In good order, pick up any weekend.",
      category: "other" as const,
      condition: "good" as const,
      valueMin: 100,
      valueMax: 200,
      location: BONDI.label,
      suburb: BONDI.suburb,
      state: BONDI.state,
      postcode: BONDI.postcode,
      latitude: BONDI.latitude,
      longitude: BONDI.longitude,
      images: [{ key: "test/listing", widths: [400] }],
      createdAt,
    });
    const old = Date.parse("2020-01-01T00:00:00Z");
    const recent = Date.parse("2026-10-01T00:00:00Z");
    // 30 narwhals older than everything, then 4,100 newer listings, 150 of them okapis.
    await db
      .insert(listings)
      .values(Array.from({ length: 30 }, (_, i) => row(`Narwhal tusk lamp ${i}`, new Date(old + i * 1000))));
    // Matches both among the newest 4,000 and older than them (the walk goes on past its first stop): 80 new
    // wombats and 40 old ones; 60 new numbats and 5 old ones (walking the newest again would count past 100).
    const older = old + 100_000_000;
    const newest = recent + 10_000_000;
    await db
      .insert(listings)
      .values([
        ...Array.from({ length: 40 }, (_, i) => row(`Wombat doorstop ${i}`, new Date(older + i * 1000))),
        ...Array.from({ length: 5 }, (_, i) => row(`Numbat mug ${i}`, new Date(older + 50_000 + i * 1000))),
        ...Array.from({ length: 80 }, (_, i) => row(`Wombat doorstop ${40 + i}`, new Date(newest + i * 1000))),
        ...Array.from({ length: 60 }, (_, i) => row(`Numbat mug ${5 + i}`, new Date(newest + 100_000 + i * 1000))),
      ]);
    for (let chunk = 0; chunk < 4100; chunk += 500) {
      await db.insert(listings).values(
        Array.from({ length: Math.min(500, 4100 - chunk) }, (_, j) => {
          const i = chunk + j;
          return row(
            i % 27 === 0 && i < 27 * 150 ? `Okapi print ${i}` : `Filler crate ${i}`,
            new Date(recent + i * 1000),
          );
        }),
      );
    }
  });

  test("old and few matches, beyond the newest 4,000, are counted exactly", async () => {
    for (const radiusKm of [undefined, 25] as const) {
      const page = await search({ q: "narwhal", radiusKm }, { origin: point(BONDI), limit: 7 });
      expect(page.listings).toHaveLength(7);
      expect(page.total).toBe(30);
    }
  });

  test("matches the newest 4,000 hold in part are counted on from where the walk stopped", async () => {
    // 80 of 120 among the newest: the walk goes on and reaches the cap.
    const many = await search({ q: "wombat", radiusKm: 25 }, { origin: point(BONDI), limit: 24 });
    expect(many.total).toBe(101);
    // 60 of 65 among the newest: the walk goes on, does not reach the cap, and every match is counted.
    for (const radiusKm of [undefined, 25] as const) {
      const few = await search({ q: "numbat", radiusKm }, { origin: point(BONDI), limit: 24 });
      expect(few.listings).toHaveLength(24);
      expect(few.total).toBe(65);
    }
  });

  test("new and many matches stop at the cap: more than 100", async () => {
    const page = await search({ q: "okapi", radiusKm: 25 }, { origin: point(BONDI), limit: 24 });
    expect(page.listings).toHaveLength(24);
    expect(page.total).toBe(101);
  });
});
