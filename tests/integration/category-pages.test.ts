// The category landing pages (/categories/<slug>[/<state>], decision 092): server-rendered, shared between
// visitors through the page cache and refreshed by a change, and no page at all for an unknown category or state.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { listings } from "#db/schema/listings.ts";
import { createListing, createMember } from "../support/factories";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "test" });
const testApp = createTestApp(handle, { pageHandler, pageCache: true });
const { app } = testApp;
const cache = testApp.pageCache!;
await cache.ready();
afterAll(async () => {
  await cache.close();
  await handle.close();
});

const owner = await createMember(db, { name: "Moto Owner" });
const moto = { category: "motorcycles" as const };
const honda = await createListing(db, owner.id, { ...moto, title: "Honda CB500X" });
const vespa = await createListing(db, owner.id, {
  ...moto,
  title: "Vespa Primavera",
  state: "VIC",
  suburb: "St Kilda",
  postcode: "3182",
  location: "St Kilda VIC 3182",
  latitude: -37.864,
  longitude: 144.98,
});
const drill = await createListing(db, owner.id, { title: "Makita drill kit" });
await cache.caughtUp();

const visit = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, html: await response.text() };
};

describe("a category's landing page", () => {
  test("it lists the category's public listings under its heading, with its canonical address", async () => {
    const { status, html } = await visit("/categories/motorcycles");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Motorcycles<\/h1>/);
    expect(html).toContain(`/listings/${honda}`);
    expect(html).toContain(`/listings/${vespa}`);
    expect(html).not.toContain(`/listings/${drill}`);
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/categories/motorcycles"/>`);
  });

  test("by state it lists that state's only", async () => {
    const { status, html } = await visit("/categories/motorcycles/vic");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Motorcycles in VIC<\/h1>/);
    expect(html).toContain(`/listings/${vespa}`);
    expect(html).not.toContain(`/listings/${honda}`);
  });

  test("an unknown category or state, or another spelling of one, is not found", async () => {
    for (const path of [
      "/categories/spaceships",
      "/categories/cars_vehicles",
      "/categories/Motorcycles",
      "/categories/motorcycles/nz",
      "/categories/motorcycles/NSW",
      "/categories/motorcycles/nsw/extra",
    ])
      expect((await visit(path)).status, path).toBe(404);
  });

  test("it is shared between visitors like the other visitor pages, and a change reaches the next visitor", async () => {
    await visit("/categories/motorcycles");
    const before = cache.stats();
    await visit("/categories/motorcycles");
    expect(cache.stats().hits).toBe(before.hits + 1);
    await db.update(listings).set({ status: "swapped" }).where(eq(listings.id, honda));
    await cache.caughtUp();
    expect((await visit("/categories/motorcycles")).html).not.toContain(`/listings/${honda}`);
  });

  test("Load more pages through every listing once, newest first", async () => {
    for (let i = 0; i < 30; i++) await createListing(db, owner.id, { ...moto, title: `Scooter ${i}` });
    const first = await visit("/categories/motorcycles");
    const ids = (html: string) => [
      ...new Set(
        [...html.matchAll(/listing-card-title"><a [^>]*href="\/listings\/([0-9a-f-]{36})"/g)].map((m) => m[1]),
      ),
    ];
    expect(ids(first.html)).toHaveLength(24);
    const next = /href="(\/categories\/motorcycles\?after=[^"]+)"/.exec(first.html)?.[1].replaceAll("&amp;", "&");
    expect(next).toBeTruthy();
    const second = await visit(next as string);
    expect(second.html).toMatch(/<meta name="robots" content="noindex, follow"\/>/);
    const all = [...ids(first.html), ...ids(second.html)];
    expect(all).toHaveLength(31);
    expect(new Set(all).size).toBe(31);
  });
});

test("home's categories open their landing pages", async () => {
  const { html } = await visit("/");
  expect(html).toContain('href="/categories/cars-vehicles"');
  expect(html).toContain('href="/categories/motorcycles"');
});
