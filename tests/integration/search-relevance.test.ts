import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type SearchListingsOptions, searchListings } from "#core/listings/search-listings.ts";
import type { SearchParams } from "#core/listings/search-params.ts";
import { findLocality, type Locality } from "#core/locations/localities.ts";
import { suggestSpelling } from "#core/search/suggest-spelling.ts";
import { SYNONYM_GROUPS } from "#core/search/synonyms.ts";
import { users } from "#db/schema/auth.ts";
import { CATEGORY_SEARCH_WORDS } from "#db/schema/category-words.ts";
import { LISTING_CATEGORIES, type ListingCategory, listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { SEED_LISTINGS } from "#db/seed/seed-data.ts";
import { createListing as createListingRow } from "../support/factories";
import { databaseForThisFile } from "../support/database-for-file";

// Search that understands (issue 27): synonyms, category words, and relevance's order (title, then category, then
// description; then distance from a place searched, else newest), against the demo data and small corpora.

const { db } = await databaseForThisFile();

function place(suburb: string, postcode: string): Locality {
  const found = findLocality({ suburb, postcode });
  if (!found) throw new Error(`no locality ${suburb} ${postcode}`);
  return found;
}
const BONDI = place("Bondi", "2026");
const PARRAMATTA = place("Parramatta", "2150");
const NEWCASTLE = place("Newcastle", "2300");

async function createOwner() {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name: "Darcy Walsh", email: `${id}@example.com.au` });
  await db.insert(profiles).values({ userId: id });
  return id;
}

let clock = Date.parse("2026-05-01T00:00:00Z");
type Fields = { description?: string; category?: ListingCategory; at?: Locality; wants?: string };
async function list(ownerId: string, title: string, fields: Fields = {}) {
  const at = fields.at ?? BONDI;
  clock += 60_000;
  return createListingRow(db, ownerId, {
    title,
    description: fields.description ?? "",
    wants: fields.wants ?? "",
    category: fields.category ?? "other",
    location: at.label,
    suburb: at.suburb,
    state: at.state,
    postcode: at.postcode,
    latitude: at.latitude,
    longitude: at.longitude,
    createdAt: new Date(clock),
  });
}

const search = async (p: Partial<SearchParams>, options: Omit<SearchListingsOptions, "params"> = {}) =>
  searchListings(db, { params: { q: "", location: "", sort: "relevance", ...p }, ...options });
const ids = async (p: Partial<SearchParams>, options: Omit<SearchListingsOptions, "params"> = {}) =>
  (await search(p, options)).listings.map((l) => l.id);

describe("the search vector", () => {
  test("the database's generated column holds each category's words from category-words.ts, at weight B", async () => {
    const owner = await createOwner();
    for (const category of LISTING_CATEGORIES) {
      const id = await list(owner, "Column check", { category, description: "Kept in the shed." });
      const [row] = await db
        .select({
          stored: sql<string>`${listings.searchVector}::text`,
          expected: sql<string>`(setweight(to_tsvector('english', 'Column check'), 'A')
            || setweight(to_tsvector('english', ${CATEGORY_SEARCH_WORDS[category]}), 'B')
            || setweight(to_tsvector('english', 'Kept in the shed.'), 'C'))::text`,
        })
        .from(listings)
        .where(eq(listings.id, id));
      expect(row.stored, category).toBe(row.expected);
    }
  });
});

describe("synonyms", () => {
  // One listing per entry, titled with its first term: every other term of the entry finds it, and a listing
  // titled with the last term is found by the first.
  const firsts = new Map<readonly string[], string>();
  const lasts = new Map<readonly string[], string>();
  beforeAll(async () => {
    const owner = await createOwner();
    for (const group of SYNONYM_GROUPS) {
      firsts.set(group, await list(owner, `Swappable ${group[0]}`));
      lasts.set(group, await list(owner, `Swappable ${group.at(-1)}`));
    }
  });

  test("a listing titled with one word of an entry is found by each of the entry's other words", async () => {
    const misses: string[] = [];
    for (const group of SYNONYM_GROUPS) {
      for (const term of group.slice(1)) {
        const found = await ids({ q: term }, { limit: 100 });
        if (!found.includes(firsts.get(group)!)) misses.push(`${term} -> ${group[0]}`);
      }
      if (!(await ids({ q: group[0] }, { limit: 100 })).includes(lasts.get(group)!))
        misses.push(`${group[0]} -> ${group.at(-1)}`);
    }
    expect(misses).toEqual([]);
  });

  test("stemming: a plural finds the singular, and the singular the plural", async () => {
    const owner = await createOwner();
    const bike = await list(owner, "Yamaha motorcycle, low kilometres");
    const kayaks = await list(owner, "Two kayaks with paddles");
    expect(await ids({ q: "motorcycles" }, { limit: 100 })).toContain(bike);
    expect(await ids({ q: "motorbikes" }, { limit: 100 })).toContain(bike);
    expect(await ids({ q: "kayak" }, { limit: 100 })).toContain(kayaks);
  });
});

describe("relevance", () => {
  let owner: string;
  beforeAll(async () => {
    owner = await createOwner();
  });

  test("title matches come before category matches, which come before description matches; newest first in each", async () => {
    // Made oldest first: newest-first alone would put the description match first.
    const titleOld = await list(owner, "Wombat tinny, 3.5 m", { category: "boats_marine", at: NEWCASTLE });
    const titleNew = await list(owner, "Aluminium dinghy for wombat lovers", { category: "other" });
    const category = await list(owner, "Wombat hull, 4 m", { category: "boats_marine" });
    const description = await list(owner, "Wombat trailer", { description: "Carries a small boat or tinny." });
    // "tinny" is dinghy, boat and runabout too (the synonym table); all four say "wombat" in the title.
    expect(await ids({ q: "wombat tinny" }, { limit: 100 })).toEqual([titleNew, titleOld, category, description]);
    // Newest asked for: the order of the feed, whatever matched where.
    expect(await ids({ q: "wombat tinny", sort: "newest" }, { limit: 100 })).toEqual([
      description,
      category,
      titleNew,
      titleOld,
    ]);
  });

  test("with a place searched, distance orders each tier; the tiers still come first", async () => {
    const far = await list(owner, "Numbat esky, 60 litres", { at: NEWCASTLE });
    const near = await list(owner, "Numbat esky, 45 litres", { at: BONDI });
    const mid = await list(owner, "Numbat esky, 25 litres", { at: PARRAMATTA });
    const nearDescription = await list(owner, "Numbat camping box", { at: BONDI, description: "A cooler too." });
    const origin = { latitude: BONDI.latitude, longitude: BONDI.longitude };
    expect(await ids({ q: "numbat cooler" }, { origin })).toEqual([near, mid, far, nearDescription]);
    expect(await ids({ q: "numbat cooler", radiusKm: 50 }, { origin })).toEqual([near, mid, nearDescription]);
  });

  test("Load more walks every tier in order, with no repeats or gaps, with and without a place", async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await list(owner, `Quoll lamp ${i}`, { at: i % 2 ? BONDI : PARRAMATTA }));
    for (let i = 0; i < 6; i++)
      made.push(await list(owner, `Shade ${i}`, { category: "home_garden", description: `A quoll lamp shade ${i}` }));
    for (const origin of [undefined, { latitude: BONDI.latitude, longitude: BONDI.longitude }]) {
      const whole = await ids({ q: "quoll lamp" }, { origin, limit: 100 });
      expect([...whole].sort()).toEqual([...made].sort());
      const paged: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const found = await search({ q: "quoll lamp", cursor }, { origin, limit: 3 });
        paged.push(...found.listings.map((l) => l.id));
        if (!found.nextCursor) break;
        cursor = found.nextCursor;
      }
      expect(paged).toEqual(whole);
    }
  });

  test("title matches older than the newest 2,000 listings still come before newer category matches, page after page", async () => {
    // Two old titles that say "bilby", then 2,100 newer listings, 30 of which say it only in the description: the
    // title tier's walk of the newest 2,000 finds none, and its lookup through the title index finds the two.
    const old = [await list(owner, "Bilby lamp, brass"), await list(owner, "Bilby doorstop")];
    const { listingValues } = await import("../support/factories");
    const newer: string[] = [];
    for (let chunk = 0; chunk < 2100; chunk += 500) {
      const rows = Array.from({ length: 500 }, (_, j) => {
        const i = chunk + j;
        clock += 1000;
        return listingValues(owner, {
          title: `Filler crate ${i}`,
          description: i % 70 === 0 ? "Holds a bilby plush toy." : "Sturdy.",
          category: "other",
          createdAt: new Date(clock),
        });
      });
      for (const row of rows) if (row.description.includes("bilby")) newer.push(row.id as string);
      await db.insert(listings).values(rows);
    }
    const whole: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const found = await search({ q: "bilby", cursor }, { limit: 4 });
      whole.push(...found.listings.map((l) => l.id));
      if (!found.nextCursor) break;
      cursor = found.nextCursor;
    }
    expect(whole.slice(0, 2)).toEqual([old[1], old[0]]);
    expect(whole.slice(2)).toEqual([...newer].reverse());
  });

  test("the default order: relevance with words, newest without; a typo-tolerant search still pages", async () => {
    const { parseSearchParams } = await import("#core/listings/search-params.ts");
    expect(parseSearchParams({ q: "kayak" }).sort).toBe("relevance");
    expect(parseSearchParams({}).sort).toBe("newest");
    expect(parseSearchParams({ sort: "relevance" }).sort).toBe("newest");
    expect(parseSearchParams({ q: "kayak", sort: "newest" }).sort).toBe("newest");
    const typo = await search({ q: "quol lamp" }, { limit: 3 });
    expect(typo.listings.length).toBe(3);
  });
});

describe("done when: the demo data", () => {
  const byTitle = new Map<string, string>();
  beforeAll(async () => {
    const owner = await createOwner();
    for (const item of SEED_LISTINGS) {
      const at = findLocality({
        suburb: item.location.split(" ").slice(0, -2).join(" "),
        postcode: item.location.split(" ").at(-1)!,
      });
      byTitle.set(
        item.title,
        await list(owner, item.title, {
          description: item.description,
          category: item.category,
          wants: item.wants,
          at: at ?? BONDI,
        }),
      );
    }
    // A demo database seeded before "What I'd swap it for" existed keeps the wish in the description.
    byTitle.set(
      "old Honda",
      await list(owner, "Honda CB500X adventure bike", {
        category: "motorcycles",
        description: "2019 CB500X with panniers. Swap for a small car or a jet ski.",
      }),
    );
  });
  // Only the demo listings, by title: the tests above made others in this database.
  const titles = (found: string[]) =>
    found.flatMap((id) => [...byTitle].filter(([, v]) => v === id).map(([title]) => title));

  test("motorcycle and motorbike find the Honda and the Vespa first", async () => {
    for (const q of ["motorcycle", "motorbike", "Motorcycles"]) {
      const found = titles(await ids({ q }, { limit: 100 }));
      expect(found.slice(0, 3).sort(), q).toEqual(
        ["Honda CB500X adventure bike", "old Honda", "Vintage Vespa scooter"].sort(),
      );
    }
  });

  test("car finds the Mazda and the HiLux before anything whose owner merely wants a car", async () => {
    const found = titles(await ids({ q: "car" }, { limit: 100 }));
    const mazda = found.indexOf("Mazda 3 hatch, one owner");
    const hilux = found.indexOf("2014 Toyota HiLux SR5 dual cab");
    expect(mazda).toBeGreaterThanOrEqual(0);
    expect(hilux).toBeGreaterThanOrEqual(0);
    const wanting = found.indexOf("old Honda");
    expect(wanting).toBeGreaterThan(Math.max(mazda, hilux));
    // The Honda whose wish lives in "What I'd swap it for" is not a car at all.
    expect(found.filter((t) => t === "Honda CB500X adventure bike")).toEqual([]);
  });

  test("a misspelt word gets the closest word of a listing's title: Did you mean kayak?", async () => {
    expect(await suggestSpelling(db, { q: "kayk" })).toBe("kayak");
    expect(await suggestSpelling(db, { q: "kayk paddles" })).toBe("kayak paddles");
    expect(await suggestSpelling(db, { q: "Vesppa" })).toBe("vespa");
    // Words some listing has, synonyms and words too far from any title get none.
    expect(await suggestSpelling(db, { q: "sea kayak" })).toBeNull();
    expect(await suggestSpelling(db, { q: "esky" })).toBeNull();
    expect(await suggestSpelling(db, { q: "zqxvw" })).toBeNull();
  });
});
