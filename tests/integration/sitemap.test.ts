// robots.txt and the sitemaps (server/sitemap.ts, decision 092): what a crawler reads, checked against the sitemap
// protocol by tests/support/sitemap-protocol.ts.
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { listings } from "#db/schema/listings.ts";
import { sitemapListings } from "#core/listings/sitemap-listings.ts";
import { createListing, createMember } from "../support/factories";
import { validateSitemap } from "../support/sitemap-protocol";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const { app } = createTestApp(handle);

const owner = await createMember(db, { name: "Dana Lee" });
const suspended = await createMember(db, { name: "Sus Pended", status: "suspended" });
const publicIds: string[] = [];
for (let i = 0; i < 5; i++)
  publicIds.push(
    await createListing(db, owner.id, {
      title: `Kayak ${i}`,
      category: "boats_marine",
      state: "VIC",
      suburb: "St Kilda",
      postcode: "3182",
      location: "St Kilda VIC 3182",
    }),
  );
const swapped = await createListing(db, owner.id, { status: "swapped" });
const deleted = await createListing(db, owner.id, { status: "deleted" });
const takenDown = await createListing(db, owner.id, { moderationStatus: "takedown" });
const ofSuspended = await createListing(db, suspended.id);
await db
  .update(listings)
  .set({ updatedAt: new Date("2026-11-20T03:04:05.678Z") })
  .where(eq(listings.id, publicIds[0]));

async function read(path: string) {
  const response = await app.request(path);
  return { response, text: await response.text() };
}

describe("robots.txt and the sitemap index", () => {
  test("robots.txt names the sitemap by its absolute address and still keeps members' pages out", async () => {
    const { response, text } = await read("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(text).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(text).toContain("Disallow: /my-listings");
  });

  test("/sitemap.xml is a valid sitemap index naming the pages sitemap and each listings page", async () => {
    const { response, text } = await read("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const index = validateSitemap(text);
    expect(index.problems).toEqual([]);
    expect(index.kind).toBe("index");
    expect(index.entries.map((e) => e.loc)).toEqual([
      `${TEST_ORIGIN}/sitemaps/pages.xml`,
      `${TEST_ORIGIN}/sitemaps/listings-1.xml`,
    ]);
  });
});

describe("the sitemaps themselves", () => {
  test("the listings sitemap is valid and lists public listings only, each with lastmod from its last change", async () => {
    const { response, text } = await read("/sitemaps/listings-1.xml");
    expect(response.status).toBe(200);
    const sitemap = validateSitemap(text);
    expect(sitemap.problems).toEqual([]);
    expect(sitemap.kind).toBe("urlset");
    const locs = sitemap.entries.map((e) => e.loc);
    for (const id of publicIds) expect(locs).toContain(`${TEST_ORIGIN}/listings/${id}`);
    for (const hidden of [swapped, deleted, takenDown, ofSuspended])
      expect(locs).not.toContain(`${TEST_ORIGIN}/listings/${hidden}`);
    expect(sitemap.entries.find((e) => e.loc.endsWith(publicIds[0]))?.lastmod).toBe("2026-11-20T03:04:05Z");
  });

  test("the pages sitemap lists home, the site's pages, every category and each category's states that have listings", async () => {
    const sitemap = validateSitemap((await read("/sitemaps/pages.xml")).text);
    expect(sitemap.problems).toEqual([]);
    const locs = sitemap.entries.map((e) => e.loc);
    expect(locs).toContain(`${TEST_ORIGIN}/`);
    expect(locs).toContain(`${TEST_ORIGIN}/terms`);
    expect(locs).toContain(`${TEST_ORIGIN}/categories/cars-vehicles`);
    expect(locs).toContain(`${TEST_ORIGIN}/categories/boats-marine/vic`);
    expect(locs).not.toContain(`${TEST_ORIGIN}/categories/boats-marine/nsw`);
  });

  test("a crawler asking for gzip gets the same valid sitemap, compressed as it streams", async () => {
    const response = await app.request("/sitemaps/listings-1.xml", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const text = zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(validateSitemap(text).problems).toEqual([]);
    expect(text).toBe((await read("/sitemaps/listings-1.xml")).text);
  });

  test("a listings page past the last, or any other file name, is not found", async () => {
    for (const path of ["/sitemaps/listings-2.xml", "/sitemaps/listings-0.xml", "/sitemaps/other.xml"])
      expect((await app.request(path)).status, path).toBe(404);
  });

  test("pages cut the listings without gaps or repeats, reading a batch at a time, even with equal timestamps", async () => {
    const same = new Date("2026-11-01T00:00:00.123456Z");
    await db.update(listings).set({ createdAt: same }).where(eq(listings.userId, owner.id));
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      for await (const batch of sitemapListings(db, { page, pageSize: 3, batch: 2 })) {
        expect(batch.length).toBeLessThanOrEqual(2);
        seen.push(...batch.map((b) => b.id));
      }
    }
    expect(seen.filter((id) => publicIds.includes(id)).sort()).toEqual([...publicIds].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe("the validator itself", () => {
  test("it refuses what the protocol forbids", () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
    expect(
      validateSitemap(`${head}<urlset ${ns}><url><loc>https://x.au/?a=1&b=2</loc></url></urlset>`).problems,
    ).not.toEqual([]);
    expect(
      validateSitemap(`${head}<urlset ${ns}><url><lastmod>2026-11-01</lastmod></url></urlset>`).problems,
    ).not.toEqual([]);
    expect(validateSitemap(`${head}<urlset ${ns}><url><loc>/listings/1</loc></url></urlset>`).problems).not.toEqual([]);
    expect(validateSitemap(`${head}<urlset><url><loc>https://x.au/</loc></url></urlset>`).problems).not.toEqual([]);
    expect(
      validateSitemap(`${head}<urlset ${ns}><url><loc>https://x.au/</loc><lastmod>yesterday</lastmod></url></urlset>`)
        .problems,
    ).not.toEqual([]);
    expect(validateSitemap(`${head}<urlset ${ns}><url><loc>https://x.au/</loc></urlset>`).problems).not.toEqual([]);
    expect(
      validateSitemap(
        `${head}<urlset ${ns}><url><loc>https://x.au/?a=1&amp;b=2</loc><lastmod>2026-11-01T10:00:00+10:00</lastmod></url></urlset>`,
      ).problems,
    ).toEqual([]);
  });
});
