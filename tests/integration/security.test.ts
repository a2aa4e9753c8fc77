import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import type { Clock } from "#core/shared/clock.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { rateLimits } from "#db/schema/ops.ts";
import { cookiesFrom, createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

// All requests here come from 127.0.0.1; a fresh rate-limit window per test keeps the per-address
// limit out of the way of what each test is about.
let current = new Date("2030-06-01T00:00:00.000Z");
const clock: Clock = { now: () => current };
beforeEach(() => {
  current = new Date(current.getTime() + 600_000);
});

const { app, post } = createTestApp(handle, { clock });

let n = 0;
const freshEmail = () => `secure${++n}-${Date.now()}@example.com.au`;
const PASSWORD = "Swapshed1";

/** A signed-up member and the cookie their browser holds. */
async function member(via = post) {
  const email = freshEmail();
  const res = await via("/api/v1/auth/sign-up", { email, password: PASSWORD, fullName: "Ari Papadopoulos" });
  expect(res.status).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { email, userId: user.id, cookie: cookiesFrom(res), response: res };
}

/** A raw POST with exactly the headers given (the `post` helper always adds same-origin ones). */
const rawPost = (path: string, body: unknown, headers: Record<string, string>) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const count = async (table: typeof sessions | typeof securityEvents | typeof users) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0].n);

/** Everything a sign-in could change: sessions, the security log and the limiter's counters. */
async function snapshot() {
  const limits = await db.select().from(rateLimits).orderBy(rateLimits.key);
  return {
    sessions: await count(sessions),
    events: await count(securityEvents),
    users: await count(users),
    limits: limits.map((l) => `${l.key}=${l.count}@${new Date(l.windowStart).toISOString()}`),
  };
}

const signedIn = async (cookie: string) => (await app.request("/api/v1/me", { headers: { cookie } })).status === 200;

function directives(csp: string | null) {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe("security headers", () => {
  const expectSecurityHeaders = (res: Response) => {
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    const scriptSrc = csp.get("script-src") ?? [];
    expect(scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(v))).toBe(true);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  };

  test("an API answer carries the CSP, nosniff and a referrer policy, and no HSTS outside production", async () => {
    const res = await app.request("/api/v1/me");
    expect(res.status).toBe(401);
    expectSecurityHeaders(res);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  test("a 404 from the API and a 404 outside it carry the same headers", async () => {
    for (const path of ["/api/v1/no-such-thing", "/no-such-page"]) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expectSecurityHeaders(res);
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  test("a refused cross-site request carries the headers too", async () => {
    const res = await rawPost("/api/v1/auth/sign-in", {}, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expectSecurityHeaders(res);
  });

  test("each response gets its own script nonce", async () => {
    const nonceOf = (res: Response) =>
      directives(res.headers.get("content-security-policy"))
        .get("script-src")
        ?.find((v) => v.startsWith("'nonce-"));
    const a = nonceOf(await app.request("/api/v1/me"));
    const b = nonceOf(await app.request("/api/v1/me"));
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });

  test("production answers add HSTS for at least a year", async () => {
    const prod = createTestApp(handle, { production: true, clock });
    for (const path of ["/api/v1/me", "/api/v1/no-such-thing"]) {
      const res = await prod.app.request(path);
      expectSecurityHeaders(res);
      const hsts = res.headers.get("strict-transport-security") ?? "";
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    }
  });
});

describe("cross-site request forgery", () => {
  const refusedCases: [string, (cookie: string) => Record<string, string>][] = [
    ["another site's Origin", (cookie) => ({ origin: "https://evil.example", cookie })],
    [
      "Sec-Fetch-Site: cross-site",
      (cookie) => ({ "sec-fetch-site": "cross-site", origin: "https://evil.example", cookie }),
    ],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", (cookie) => ({ "sec-fetch-site": "same-site", cookie })],
    ["Origin: null (a sandboxed frame)", (cookie) => ({ origin: "null", cookie })],
    ["a cookie but neither Origin nor Sec-Fetch-Site", (cookie) => ({ cookie })],
  ];
  for (const [what, headers] of refusedCases) {
    test(`a sign-in POST with ${what} is refused with 403 and changes nothing`, async () => {
      const { email, cookie } = await member();
      const before = await snapshot();
      const res = await rawPost("/api/v1/auth/sign-in", { email, password: PASSWORD }, headers(cookie));
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("Cross-site request refused");
      expect(res.headers.getSetCookie()).toHaveLength(0);
      expect(await snapshot()).toEqual(before);
    });
  }

  test("a forged cross-site sign-out leaves the member signed in", async () => {
    const { cookie } = await member();
    const before = await snapshot();
    for (const path of ["/api/v1/auth/sign-out", "/api/auth/sign-out"]) {
      const res = await rawPost(path, {}, { origin: "https://evil.example", cookie });
      expect(res.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect(await signedIn(cookie)).toBe(true);
  });

  test("a same-origin sign-in from our own page is allowed", async () => {
    const { email } = await member();
    const res = await rawPost(
      "/api/v1/auth/sign-in",
      { email, password: PASSWORD },
      { origin: TEST_ORIGIN, "sec-fetch-site": "same-origin" },
    );
    expect(res.status).toBe(200);
    expect(await signedIn(cookiesFrom(res))).toBe(true);
  });

  test("a browser that sends only our own Origin (no Sec-Fetch-Site) is allowed", async () => {
    const { email, cookie } = await member();
    const res = await rawPost("/api/v1/auth/sign-in", { email, password: PASSWORD }, { origin: TEST_ORIGIN, cookie });
    expect(res.status).toBe(200);
  });

  test("a server-to-server POST with no Origin, no Sec-Fetch-Site and no cookie is allowed", async () => {
    const { email } = await member();
    const res = await rawPost("/api/v1/auth/sign-in", { email, password: PASSWORD }, {});
    expect(res.status).toBe(200);
    expect(await signedIn(cookiesFrom(res))).toBe(true);
  });
});

describe("GET never changes state", () => {
  test("GET on the sign-out endpoints does not sign the member out", async () => {
    const { cookie } = await member();
    const before = await snapshot();
    for (const path of ["/api/v1/auth/sign-out", "/api/auth/sign-out"]) {
      const res = await app.request(path, { headers: { cookie } });
      expect([404, 405]).toContain(res.status);
      expect(res.headers.getSetCookie()).toHaveLength(0);
    }
    expect(await snapshot()).toEqual(before);
    expect(await signedIn(cookie)).toBe(true);
  });

  test("GET on the sign-up and sign-in endpoints creates no account and no session", async () => {
    const { email: existing } = await member();
    const email = freshEmail();
    const before = await snapshot();
    const signUp = new URLSearchParams({ email, password: PASSWORD, fullName: "Ari Papadopoulos" });
    const signIn = new URLSearchParams({ email: existing, password: PASSWORD });
    for (const path of [`/api/v1/auth/sign-up?${signUp}`, `/api/v1/auth/sign-in?${signIn}`]) {
      const res = await app.request(path);
      expect([404, 405]).toContain(res.status);
      expect(res.headers.getSetCookie()).toHaveLength(0);
    }
    expect(await snapshot()).toEqual(before);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe("the session cookie", () => {
  const sessionCookie = (res: Response) => {
    const cookie = res.headers.getSetCookie().find((c) => c.split("=")[0].endsWith("session_token"));
    expect(cookie).toBeDefined();
    return (cookie ?? "").split(";").map((part) => part.trim());
  };

  test("in production it is HttpOnly, SameSite=Lax, Secure and for the whole site", async () => {
    const prod = createTestApp(handle, { production: true, clock });
    const { response, cookie } = await member(prod.post);
    const attributes = sessionCookie(response).map((a) => a.toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("secure");
    expect(attributes).toContain("path=/");
    expect((await prod.app.request("/api/v1/me", { headers: { cookie } })).status).toBe(200);
  });

  test("outside production it is HttpOnly and SameSite=Lax but not Secure, so plain-http development works", async () => {
    const { response } = await member();
    const attributes = sessionCookie(response).map((a) => a.toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).not.toContain("secure");
  });
});

describe("the client's address", () => {
  const spoofed = { "x-client-ip": "198.51.100.7", "x-forwarded-for": "203.0.113.9", "x-real-ip": "192.0.2.44" };

  const lastLogin = async (email: string) => {
    const rows = await db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, "login_attempt"))
      .orderBy(desc(securityEvents.createdAt));
    return rows.find((e) => (e.metadata as { email?: string }).email === email);
  };
  const sessionIps = async (userId: string) =>
    (await db.select().from(sessions).where(eq(sessions.userId, userId))).map((s) => s.ipAddress);

  test("client-sent X-Client-IP and X-Forwarded-For are ignored: the log, the session and the limiter see the socket", async () => {
    const { email, userId } = await member();
    const res = await post("/api/v1/auth/sign-in", { email, password: PASSWORD }, spoofed);
    expect(res.status).toBe(200);
    expect((await lastLogin(email))?.ipAddress).toBe("127.0.0.1");
    expect(new Set(await sessionIps(userId))).toEqual(new Set(["127.0.0.1"]));
    const keys = (await db.select().from(rateLimits)).map((l) => l.key);
    expect(keys).toContain("auth:ip:127.0.0.1");
    expect(keys.filter((k) => /198\.51\.100\.7|203\.0\.113\.9|192\.0\.2\.44/.test(k))).toEqual([]);
  });

  test("behind the configured trusted proxy, X-Forwarded-For names the client", async () => {
    const proxied = createTestApp(handle, { trustedProxy: "127.0.0.1", clock });
    const { email, userId } = await member(proxied.post);
    const res = await proxied.post(
      "/api/v1/auth/sign-in",
      { email, password: PASSWORD },
      { "x-forwarded-for": "203.0.113.9" },
    );
    expect(res.status).toBe(200);
    expect((await lastLogin(email))?.ipAddress).toBe("203.0.113.9");
    const token = cookiesFrom(res);
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.token, decodeURIComponent(token.split("=")[1]).split(".")[0]));
    expect(session.ipAddress).toBe("203.0.113.9");
    expect(await sessionIps(userId)).toContain("203.0.113.9");
  });

  test("behind the trusted proxy, only the right-most X-Forwarded-For entry counts, and X-Client-IP is still ignored", async () => {
    const proxied = createTestApp(handle, { trustedProxy: "127.0.0.1", clock });
    const { email } = await member(proxied.post);
    await proxied.post(
      "/api/v1/auth/sign-in",
      { email, password: PASSWORD },
      { "x-forwarded-for": "198.51.100.1, 203.0.113.9" },
    );
    expect((await lastLogin(email))?.ipAddress).toBe("203.0.113.9");
    await proxied.post("/api/v1/auth/sign-in", { email, password: PASSWORD }, { "x-client-ip": "198.51.100.7" });
    expect((await lastLogin(email))?.ipAddress).toBe("127.0.0.1");
  });

  test("X-Forwarded-For is ignored when the request does not come from the trusted proxy", async () => {
    const elsewhere = createTestApp(handle, { trustedProxy: "10.0.0.5", clock });
    const { email } = await member(elsewhere.post);
    await elsewhere.post("/api/v1/auth/sign-in", { email, password: PASSWORD }, { "x-forwarded-for": "203.0.113.9" });
    expect((await lastLogin(email))?.ipAddress).toBe("127.0.0.1");
  });
});
