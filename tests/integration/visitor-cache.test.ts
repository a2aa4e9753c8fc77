// Visitor pages sent from the shared copies (server/page-cache, decision 062), through the real app, pages and
// database: what a visitor and a member each receive, and how fast a change reaches the next visitor.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews } from "#db/schema/swaps.ts";
import { postListing, sameOrigin, signUpMember } from "../support/api-factories";
import { createListing, createMember, createSwap } from "../support/factories";
import { setFlag } from "../support/flags";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "test" });
const testApp = createTestApp(handle, { pageHandler, pageCache: true, authAddressLimit: 1000 });
const { app } = testApp;
const cache = testApp.pageCache!;
await cache.ready();
afterAll(async () => {
  await cache.close();
  await handle.close();
});

const visit = async (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  app.request(path, { headers });
const stats = () => cache.stats();
/** After a change written straight to the database (not through a request): what a request that wrote waits for. */
const changed = () => cache.caughtUp();

const owner = await createMember(db, { name: "Priya Visible-Owner" });
const listingId = await createListing(db, owner.id, { title: "Trek mountain bike, 29 inch wheels" });
await changed();

describe("a visitor's page is rendered once and sent again", () => {
  test("the second visitor gets the same bytes from the copy, with validators and public caching", async () => {
    const first = await visit(`/listings/${listingId}`);
    const before = stats();
    const second = await visit(`/listings/${listingId}`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(stats().hits).toBe(before.hits + 1);
    expect(stats().renders).toBe(before.renders);
    expect(second.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=30");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie, Authorization");
    // Each response still has its own request id.
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  test("compressed once when stored: brotli and gzip each decode to the same page, with their own ETag", async () => {
    const plain = await (await visit("/")).text();
    const br = await visit("/", { "accept-encoding": "gzip, deflate, br" });
    const gz = await visit("/", { "accept-encoding": "gzip" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    expect(new Set([br.headers.get("etag"), gz.headers.get("etag")]).size).toBe(2);
    // A client that refuses brotli (q=0) gets gzip.
    expect((await visit("/", { "accept-encoding": "br;q=0, gzip" })).headers.get("content-encoding")).toBe("gzip");
  });

  test("If-None-Match with the page's ETag is answered 304 without a body; after a change, 200 with a new ETag", async () => {
    const page = await visit(`/listings/${listingId}`);
    const etag = page.headers.get("etag") as string;
    const again = await visit(`/listings/${listingId}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // A weak form of the tag, or the tag of another encoding of the same page, is the same page too.
    expect((await visit(`/listings/${listingId}`, { "if-none-match": `W/${etag}` })).status).toBe(304);

    await db
      .update(listings)
      .set({ description: "Serviced last month, new chain and tyres." })
      .where(eq(listings.id, listingId));
    await changed();
    const after = await visit(`/listings/${listingId}`, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("Serviced last month, new chain and tyres.");
  });

  test("the CSP lists the hashes of exactly the inline scripts sent, and no nonce is left in the page", async () => {
    await visit("/search?q=bike");
    const page = await visit("/search?q=bike");
    const html = await page.text();
    const csp = page.headers.get("content-security-policy") as string;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src ")) as string;
    expect(scriptSrc).not.toContain("nonce");
    expect(html).not.toMatch(/\snonce=/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, content]) => !/\bsrc=/.test(attributes) && content,
    );
    expect(inline.length).toBeGreaterThanOrEqual(2);
    const hashes = inline.map(
      ([, , content]) => `'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`,
    );
    expect(scriptSrc.split(" ").slice(1).sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    // Headers appear once each: the render's own (with its nonce) were replaced, not repeated.
    expect(csp.match(/script-src/g)).toHaveLength(1);
  });

  test("a burst of 200 requests on a cold page renders it once; the others wait for that render", async () => {
    const cold = `/search?q=${encodeURIComponent("mountain bike burst")}`;
    const before = stats();
    const answers = await Promise.all(Array.from({ length: 200 }, () => visit(cold)));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(bodies).size).toBe(1);
    expect(stats().renders - before.renders).toBe(1);
    expect(stats().hits - before.hits).toBe(199);

    // Just invalidated, the same burst again: one render.
    await setFlag(db, "enable_auto_takedown", true);
    await changed();
    const again = stats();
    await Promise.all(Array.from({ length: 200 }, () => visit(cold).then((a) => a.text())));
    expect(stats().renders - again.renders).toBe(1);
    await setFlag(db, "enable_auto_takedown", false);
    await changed();
  });
});

describe("a visitor never receives anything made for someone else", () => {
  test("a visitor and a member interleaved on the same pages each get their own", async () => {
    const member = await signUpMember(testApp, { name: "Wilhelmina Signed-In" });
    const paths = ["/", `/listings/${listingId}`, "/search?q=bike", "/api/v1/listings"];
    for (let round = 0; round < 3; round++) {
      for (const path of paths) {
        const visitor = await visit(path);
        const mine = await visit(path, { cookie: member.cookie });
        const visitorBody = await visitor.text();
        const memberBody = await mine.text();
        expect(visitor.status).toBe(200);
        expect(mine.status).toBe(200);
        expect(visitorBody).not.toContain("Wilhelmina");
        expect(visitorBody).not.toContain(member.userId);
        expect(mine.headers.get("cache-control")).toBe("private, no-store");
        expect(mine.headers.get("etag")).toBeNull();
        if (path !== "/api/v1/listings") {
          expect(memberBody).toContain("Wilhelmina");
          // The member's page carries this request's nonce, never a shared copy's hashes.
          expect(mine.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
        }
      }
    }
  });

  test("a member's pages are never stored: a visitor after a member still gets the visitor's page", async () => {
    const member = await signUpMember(testApp, { name: "Bartholomew Stored-Never" });
    testApp.pageCache!.clear();
    await visit(`/listings/${listingId}`, { cookie: member.cookie });
    const visitor = await (await visit(`/listings/${listingId}`)).text();
    expect(visitor).not.toContain("Bartholomew");
  });

  test("any cookie (a flash message, a saved location) or an Authorization header means a page of one's own", async () => {
    await visit("/");
    const before = stats();
    const ownHeaders: Record<string, string>[] = [
      { cookie: "flash=abc" },
      { cookie: "location=%7B%7D" },
      { authorization: "Bearer not-a-token" },
    ];
    for (const headers of ownHeaders) {
      const page = await visit("/", headers);
      expect(page.headers.get("cache-control") ?? "").not.toMatch(/public/);
      expect(page.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    }
    expect(stats().hits).toBe(before.hits);
  });

  test("a forged Host header gets a copy of its own: it can never become the page other visitors get", async () => {
    cache.clear();
    await app.request("http://evil.example/");
    await app.request("http://evil.example/");
    const before = stats();
    expect(before.copies).toBe(1);
    await visit("/");
    expect(stats().copies).toBe(2);
    expect(stats().hits).toBe(before.hits);
  });

  test("a shared page names no request: the error page's reference is left out of it", async () => {
    const member = await signUpMember(testApp, { name: "Ursula Referenced" });
    const own = await visit("/", { cookie: member.cookie });
    // A member's page carries its request's id for the error page...
    expect(await own.text()).toContain(own.headers.get("x-request-id"));
    // ...a shared copy does not: it would send one visitor's request id to everyone.
    cache.clear();
    const rendered = await visit("/");
    const id = rendered.headers.get("x-request-id") as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rendered.text()).not.toContain(id);
  });
});

describe("a change shows on the next visitor request", () => {
  const seen = async (path: string) => {
    const page = await visit(path);
    return { status: page.status, body: await page.text() };
  };
  /** The page is stored before the change: a stale copy would be what the next visitor gets. */
  const warm = async (...paths: string[]) => {
    for (const path of paths) {
      await visit(path);
      const before = stats().hits;
      await visit(path);
      expect(stats().hits).toBe(before + 1);
    }
  };

  test("a new listing (through the API) is on the home page, in search and in the feed", async () => {
    const member = await signUpMember(testApp, { name: "Oscar New-Lister" });
    await warm("/", "/search?q=kayak", "/api/v1/listings");
    const id = await postListing(testApp, member.cookie, { title: "Sea kayak with paddle and spray skirt" });
    expect((await seen("/")).body).toContain(id);
    expect((await seen("/search?q=kayak")).body).toContain(id);
    expect((await seen("/api/v1/listings")).body).toContain(id);
  });

  test("a changed listing shows its new title; its owner's new name shows too", async () => {
    const mine = await createListing(db, owner.id, { title: "Weber kettle barbecue" });
    await changed();
    await warm(`/listings/${mine}`);
    await db.update(listings).set({ title: "Weber kettle barbecue, 57 cm" }).where(eq(listings.id, mine));
    await changed();
    expect((await seen(`/listings/${mine}`)).body).toContain("Weber kettle barbecue, 57 cm");
    await db.update(users).set({ name: "Priyanka Newname" }).where(eq(users.id, owner.id));
    await changed();
    // Named in public as the owner chose: first name and initial by default (decision 100)...
    expect((await seen(`/listings/${mine}`)).body).toContain("Priyanka N.");
    // ...and the full name as soon as they choose it.
    await db.update(profiles).set({ nameDisplay: "full" }).where(eq(profiles.userId, owner.id));
    await changed();
    expect((await seen(`/listings/${mine}`)).body).toContain("Priyanka Newname");
  });

  test("a listing deleted by its owner (through the API) is gone at once", async () => {
    const member = await signUpMember(testApp, { name: "Dana Deleter" });
    const id = await postListing(testApp, member.cookie, { title: "Camping fridge 40 litre" });
    await warm(`/listings/${id}`, `/api/v1/listings/${id}`);
    const gone = await app.request(`/api/v1/listings/${id}`, { method: "DELETE", headers: sameOrigin(member.cookie) });
    expect(gone.status).toBe(200);
    // Its address now says so (decision 092), at once: not the stored live page.
    const page = await seen(`/listings/${id}`);
    expect(page.body).toContain("This item is no longer listed");
    expect(page.body).not.toContain('id="propose"');
    expect((await seen(`/api/v1/listings/${id}`)).status).toBe(404);
  });

  // Reserved and swapped listings keep their address with what happened (decision 092); moderated ones are a 404.
  for (const [event, change, after] of [
    ["reserved", { status: "reserved" }, "This item is no longer listed"],
    ["swapped", { status: "swapped" }, "This item has been swapped"],
    ["hidden for review", { moderationStatus: "pending" }, 404],
    ["taken down", { moderationStatus: "takedown", status: "cancelled", takedownReason: "terms" }, 404],
  ] as const) {
    test(`a listing ${event} is no longer shown to visitors`, async () => {
      const id = await createListing(db, owner.id, { title: `Surfboard 7 foot ${event}` });
      await changed();
      await warm(`/listings/${id}`, "/");
      expect((await seen("/")).body).toContain(id);
      await db.update(listings).set(change).where(eq(listings.id, id));
      await changed();
      const page = await seen(`/listings/${id}`);
      if (after === 404) expect(page.status).toBe(404);
      else expect(page.body).toContain(after);
      expect((await seen("/")).body).not.toContain(id);
    });
  }

  test("a new rating shows on the owner's listing", async () => {
    const rated = await createMember(db, { name: "Ravi Rated" });
    const reviewer = await createMember(db, { name: "Rhea Reviewer" });
    const id = await createListing(db, rated.id, { title: "Dyson stick vacuum" });
    const offered = await createListing(db, reviewer.id, { title: "Breville coffee machine", status: "swapped" });
    await changed();
    await warm(`/listings/${id}`);
    expect((await seen(`/listings/${id}`)).body).toContain("New member, no reviews yet");
    const { swapId } = await createSwap(db, {
      status: "completed",
      targetListingId: id,
      offeredListingId: offered,
      proposerId: reviewer.id,
      receiverId: rated.id,
    });
    await db
      .insert(reviews)
      // Shown (double-blind reviews count once revealed, decision 094).
      .values({
        swapProposalId: swapId,
        reviewerId: reviewer.id,
        revieweeId: rated.id,
        rating: 4,
        revealedAt: new Date(),
      });
    await changed();
    const body = (await seen(`/listings/${id}`)).body;
    expect(body).not.toContain("New member, no reviews yet");
    expect(body).toContain("4.0 from 1 review");
  });

  test("a suspended owner's listing is gone at once, and back when the suspension is lifted", async () => {
    const suspended = await createMember(db, { name: "Sam Suspended" });
    const id = await createListing(db, suspended.id, { title: "Ryobi lawn mower" });
    await changed();
    await warm(`/listings/${id}`);
    await db
      .update(profiles)
      .set({ status: "suspended", suspendedAt: new Date() })
      .where(eq(profiles.userId, suspended.id));
    await changed();
    expect((await seen(`/listings/${id}`)).status).toBe(404);
    await db.update(profiles).set({ status: "active", suspendedAt: null }).where(eq(profiles.userId, suspended.id));
    await changed();
    expect((await seen(`/listings/${id}`)).status).toBe(200);
  });

  test("a feature flag change makes every stored page be rendered again", async () => {
    await warm("/");
    const before = stats();
    await setFlag(db, "enable_moderation", false);
    await changed();
    await visit("/");
    expect(stats().renders).toBe(before.renders + 1);
    await setFlag(db, "enable_moderation", true);
    await changed();
  });

  test("a member signing in or out changes nothing a visitor sees: the copies stay", async () => {
    await warm("/");
    const before = stats();
    await signUpMember(testApp, { name: "Nina No-Change" });
    await visit("/");
    expect(stats().renders).toBe(before.renders);
  });
});
