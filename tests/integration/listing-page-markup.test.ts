// What search engines and people following a shared link read on a listing's address (decision 092): the
// schema.org Product and BreadcrumbList markup (checked by tests/support/structured-data.ts), the canonical
// address, "More like this" and "More from this member", and the page a swapped or deleted listing keeps.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { signUpMember } from "../support/api-factories";
import { createListing, createMember } from "../support/factories";
import { createPageHandler } from "../support/page-build";
import { blockOfType, breadcrumbProblems, jsonLdBlocks, productProblems } from "../support/structured-data";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "test" });
const testApp = createTestApp(handle, { pageHandler, authAddressLimit: 1000 });
const { app } = testApp;

const dana = await createMember(db, { name: "Dana Lee" });
const sam = await createMember(db, { name: "Sam Ito" });
const boat = { category: "boats_marine" as const, condition: "like_new" as const };
const kayak = await createListing(db, dana.id, { ...boat, title: "Sit-on-top kayak with paddle" });
const samsKayak = await createListing(db, sam.id, { ...boat, title: "Fishing kayak, two rod holders" });
const samsTinny = await createListing(db, sam.id, { ...boat, title: "Aluminium tinny 3.7 m" });
const danasDrill = await createListing(db, dana.id, { title: "Makita drill kit" });
const swappedKayak = await createListing(db, dana.id, { ...boat, title: "Touring kayak", status: "swapped" });
const deletedKayak = await createListing(db, dana.id, { ...boat, title: "Old kayak", status: "deleted" });
const takenDown = await createListing(db, dana.id, {
  ...boat,
  title: "Kayak (reported)",
  moderationStatus: "takedown",
});
// Staff deleted it (its tombstone keeps their reason): a swap once proposed on it kept the row.
const staffDeleted = await createListing(db, dana.id, {
  ...boat,
  title: "Scam kayak deleted by staff",
  status: "deleted",
  takedownReason: "Scam",
});
const suspended = await createMember(db, { name: "Sus Pended", status: "suspended" });
const suspendedsSwapped = await createListing(db, suspended.id, { ...boat, status: "swapped" });

async function page(path: string, cookie?: string) {
  const response = await app.request(path, cookie ? { headers: { cookie } } : {});
  return { status: response.status, html: await response.text() };
}

/** The listings whose cards are in the section headed `heading`, in order (each card's title links to its page). */
function linkedIn(html: string, heading: string): string[] {
  const start = html.indexOf(`>${heading}</h2>`);
  if (start < 0) return [];
  const end = html.indexOf("</section>", start);
  return [
    ...new Set(
      [
        ...html
          .slice(start, end)
          .matchAll(/<h3 class="listing-card-title"><a [^>]*href="\/listings\/([0-9a-f-]{36})"/g),
      ].map((m) => m[1]),
    ),
  ];
}

describe("a live listing's markup", () => {
  test("it carries a valid Product (no offer, no brand) and a Home > Category > Listing breadcrumb, and names its canonical address", async () => {
    const { status, html } = await page(`/listings/${kayak}`);
    expect(status).toBe(200);
    const product = blockOfType(html, "Product");
    expect(productProblems(product)).toEqual([]);
    expect(product).toMatchObject({
      name: "Sit-on-top kayak with paddle",
      itemCondition: "https://schema.org/UsedCondition",
    });
    const crumbs = blockOfType(html, "BreadcrumbList");
    expect(breadcrumbProblems(crumbs)).toEqual([]);
    expect((crumbs!.itemListElement as { name: string; item: string }[]).map((c) => [c.name, c.item])).toEqual([
      ["Home", `${TEST_ORIGIN}/`],
      ["Boats & Marine", `${TEST_ORIGIN}/categories/boats-marine`],
      ["Sit-on-top kayak with paddle", `${TEST_ORIGIN}/listings/${kayak}`],
    ]);
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/listings/${kayak}"/>`);
    expect(html).not.toMatch(/<meta name="robots" content="noindex/);
  });

  test("a title holding </script> stays inside its JSON: no element ends early and the name reads back exactly", async () => {
    const title = 'Kayak </script><script>alert("x")</script> & <!-- paddle';
    const id = await createListing(db, sam.id, { ...boat, title });
    const { html } = await page(`/listings/${id}`);
    expect(html).not.toContain('</script><script>alert("x")');
    expect(blockOfType(html, "Product")?.name).toBe(title);
    expect(jsonLdBlocks(html)).toHaveLength(2);
    await db.delete(listings).where(eq(listings.id, id));
  });

  test("it shows More like this (same category, sharing a word first) and More from the member", async () => {
    const { html } = await page(`/listings/${kayak}`);
    const similar = linkedIn(html, "More like this");
    expect(similar[0]).toBe(samsKayak);
    expect(similar).toContain(samsTinny);
    expect(similar).not.toContain(kayak);
    expect(similar).not.toContain(danasDrill);
    for (const hidden of [swappedKayak, deletedKayak, takenDown]) expect(similar).not.toContain(hidden);
    expect(linkedIn(html, "More from Dana L.")).toEqual([danasDrill]);
  });
});

describe("a swapped or deleted listing keeps its address", () => {
  test("a swapped listing says so, is marked noindex, carries no Product, and answers with its similar items", async () => {
    const { status, html } = await page(`/listings/${swappedKayak}`);
    expect(status).toBe(200);
    expect(html).toContain("This item has been swapped");
    expect(html).toContain("Touring kayak");
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"\/>/);
    expect(blockOfType(html, "Product")).toBeUndefined();
    expect(linkedIn(html, "More like this")).toEqual(expect.arrayContaining([samsKayak, samsTinny]));
    expect(linkedIn(html, "More from Dana L.")).toEqual(expect.arrayContaining([kayak, danasDrill]));
  });

  test("a deleted listing is no longer listed, with the same help", async () => {
    const { status, html } = await page(`/listings/${deletedKayak}`);
    expect(status).toBe(200);
    expect(html).toContain("This item is no longer listed");
    expect(linkedIn(html, "More like this")).toContain(samsKayak);
  });

  test("a listing moderation took down or deleted, or a suspended member's, is still not found", async () => {
    expect((await page(`/listings/${takenDown}`)).status).toBe(404);
    const deletedByStaff = await page(`/listings/${staffDeleted}`);
    expect(deletedByStaff.status).toBe(404);
    expect(deletedByStaff.html).not.toContain("Scam kayak");
    expect((await page(`/listings/${suspendedsSwapped}`)).status).toBe(404);
  });
});

describe("favourites keep a listing that has gone", () => {
  test("a saved listing that was swapped stays in My Favourites with a Swapped badge; a taken-down one does not", async () => {
    const member = await signUpMember(testApp, { name: "Fav Keeper" });
    const saved = await createListing(db, sam.id, { ...boat, title: "Sea kayak to keep" });
    const reported = await createListing(db, sam.id, { ...boat, title: "Reported kayak to drop" });
    await db.insert(favourites).values([
      { userId: member.userId, listingId: saved },
      { userId: member.userId, listingId: reported },
    ]);
    await db.update(listings).set({ status: "swapped" }).where(eq(listings.id, saved));
    await db.update(listings).set({ moderationStatus: "takedown" }).where(eq(listings.id, reported));
    const { status, html } = await page("/favourites", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Sea kayak to keep");
    expect(html).toMatch(/>Swapped<\/span>/);
    expect(html).toContain(`/listings/${saved}`);
    expect(html).not.toContain("Reported kayak to drop");
    // The API's list stays "those still public", as documented.
    const api = await app.request("/api/v1/me/favourites", { headers: { cookie: member.cookie } });
    expect(((await api.json()) as { listings: { id: string }[] }).listings.map((l) => l.id)).not.toContain(saved);
  });
});
