// The shared copies' rules on a bare Hono app with a page that counts its renders: what is kept, for how long,
// and when nothing is trusted. The real pages and database are in tests/integration/visitor-cache.test.ts.
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import type { Freshness } from "./freshness";
import { createPageCache, type PageCacheVars, preferredEncoding } from "./page-cache";
import { isShareable } from "./shared-copy";

function fakeFreshness() {
  const state = { generation: 1, trusted: true, caughtUp: 0 };
  const freshness: Freshness = {
    generation: () => state.generation,
    trusted: () => state.trusted,
    caughtUp: async () => {
      state.caughtUp++;
    },
    bump: () => {
      state.generation++;
    },
    ready: async () => {},
    close: async () => {},
  };
  return { state, freshness };
}

function site(
  options: {
    maxAgeMs?: number;
    maxCopies?: number;
    headers?: Record<string, string>;
    bumpWhileRendering?: boolean;
  } = {},
) {
  const { state, freshness } = fakeFreshness();
  let clock = 1_000_000;
  const cache = createPageCache({
    freshness,
    maxAgeMs: options.maxAgeMs,
    maxCopies: options.maxCopies,
    now: () => clock,
  });
  const app = new Hono<{ Variables: PageCacheVars }>();
  app.use(cache.middleware((scripts) => ({ "Content-Security-Policy": `script-src 'self' ${scripts.join(" ")}` })));
  app.use(async (c, next) => {
    c.set("nonce", "n0nce");
    c.set("requestId", crypto.randomUUID());
    await next();
  });
  let renders = 0;
  app.get("*", (c) => {
    renders++;
    if (options.bumpWhileRendering) state.generation++;
    return c.html(
      `<html><body><p>render ${renders}</p><script nonce="n0nce">go(${renders})</script></body></html>`,
      200,
      options.headers,
    );
  });
  app.post("*", (c) => c.json({ ok: true }));
  return {
    state,
    cache,
    get: async (path: string) => (await app.request(path)).text(),
    post: (path: string) => app.request(path, { method: "POST" }),
    renders: () => renders,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the shared copies", () => {
  test("a copy older than the bound is rendered again, whatever the notifications say", async () => {
    const s = site({ maxAgeMs: 60_000 });
    await s.get("/");
    s.advance(59_999);
    expect(await s.get("/")).toContain("render 1");
    s.advance(1);
    expect(await s.get("/")).toContain("render 2");
  });

  test("while changes cannot be heard, nothing is kept or sent again", async () => {
    const s = site();
    await s.get("/");
    s.state.trusted = false;
    expect(await s.get("/")).toContain("render 2");
    expect(await s.get("/")).toContain("render 3");
    s.state.trusted = true;
    s.state.generation++; // as on reconnecting: whatever was missed is unknown
    expect(await s.get("/")).toContain("render 4");
    expect(await s.get("/")).toContain("render 4");
  });

  test("a change committed while a page rendered: that render is answered, not kept", async () => {
    const s = site({ bumpWhileRendering: true });
    expect(await s.get("/")).toContain("render 1");
    expect(await s.get("/")).toContain("render 2");
  });

  test("the nonce leaves the markup and the hash of its script enters the policy", async () => {
    const s = site();
    const html = await s.get("/");
    expect(html).toContain("<script>go(1)</script>");
    expect(html).not.toContain("n0nce");
  });

  test("bounded in count: the least recently used copy is dropped first", async () => {
    const s = site({ maxCopies: 2 });
    await s.get("/");
    await s.get("/search?q=b");
    await s.get("/"); // the home page used last: /search?q=b is now the oldest
    await s.get("/search?q=c");
    expect(s.renders()).toBe(3);
    await s.get("/");
    expect(s.renders()).toBe(3);
    await s.get("/search?q=b");
    expect(s.renders()).toBe(4);
  });

  test("after a request that may have written, the process catches up before answering", async () => {
    const s = site();
    await s.get("/");
    expect(s.state.caughtUp).toBe(0);
    await s.post("/listings");
    expect(s.state.caughtUp).toBe(1);
  });

  test("a page that sets a cookie or is marked private is never kept", async () => {
    const marked: Record<string, string>[] = [
      { "Set-Cookie": "flash=1" },
      { "Cache-Control": "private, no-store" },
      { Vary: "Cookie" },
    ];
    for (const headers of marked) {
      const s = site({ headers });
      await s.get("/");
      await s.get("/");
      expect(s.renders()).toBe(2);
    }
  });
});

describe("what may be kept", () => {
  const answer = (status: number, headers: Record<string, string>) => new Response("x", { status, headers });
  test("a 200 in HTML or JSON without cookies or private marks", () => {
    expect(isShareable(answer(200, { "content-type": "text/html; charset=utf-8" }))).toBe(true);
    expect(isShareable(answer(200, { "content-type": "application/json" }))).toBe(true);
    expect(isShareable(answer(404, { "content-type": "text/html" }))).toBe(false);
    expect(isShareable(answer(302, { "content-type": "text/html" }))).toBe(false);
    expect(isShareable(answer(200, { "content-type": "text/csv" }))).toBe(false);
    expect(isShareable(answer(200, { "content-type": "text/html", "set-cookie": "a=b" }))).toBe(false);
    expect(isShareable(answer(200, { "content-type": "text/html", "cache-control": "no-cache" }))).toBe(false);
  });

  test("the encoding a client accepts: br, then gzip; q=0 refuses", () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("identity, deflate")).toBeNull();
    expect(preferredEncoding("*")).toBeNull();
  });
});
