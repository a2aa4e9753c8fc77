// The route-by-role matrix: every row of tests/security/route-access.ts, as every actor, over HTTP through the whole
// site (the Hono app and React Router's handler over the route modules). Fails on any answer the table does not
// expect, on any 5xx, on any route the router or the Hono app has that the table lacks, and on any row that names
// no real route, method or intent.
import fs from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemClock } from "#core/shared/clock.ts";
import { startTwoFactorEnrolment } from "#core/auth/two-factor-enrolment.ts";
import { users } from "#db/schema/auth.ts";
import { confirmAddress } from "../support/factories";
import { MEMBER_PASSWORD, signUpMember } from "../support/api-factories";
import { createTestDatabase } from "../support/test-db";
import { totpCode } from "../support/totp";
import { classify, type Entry, fillPath, LAYOUTS, type Outcome, ROUTE_ACCESS, TARGETS } from "./route-access";
import type { PageRoute } from "./site";
import { ACTORS, type ActorName, createWorld, loadPageRoutes, type World } from "./world";

const handle = await createTestDatabase();
let w: World;
let routes: PageRoute[];

beforeAll(async () => {
  routes = await loadPageRoutes();
  w = await createWorld(handle);
}, 120_000);

afterAll(async () => {
  w?.close();
  await handle.close();
});

/** The Hono app's routes as method and path, once each (a middleware and its handler share a path). */
const honoRoutes = () => [...new Set(w.app.routes.map((r) => `${r.method} ${r.path}`))];

/** The value an intent row names: "intent=suspend" is "suspend"; "(details)" is the action's default branch. */
const intentValue = (intent: string) => (intent.includes("=") ? intent.slice(intent.indexOf("=") + 1) : intent);

function routeTree(): RouteObject[] {
  const byParent = new Map<string | undefined, PageRoute[]>();
  for (const r of routes) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (parentId: string | undefined, base: string | null): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => {
      const children = build(r.id, r.pattern ?? base);
      return {
        id: r.id,
        path: r.pattern ?? undefined,
        index: r.index || undefined,
        children: r.index ? undefined : children,
      } as RouteObject;
    });
  return build(undefined, null);
}

/** Which page route a URL lands on, as React Router matches it. */
function pageRouteOf(url: string): string | undefined {
  const matches = matchRoutes(routeTree(), new URL(url, "http://localhost:3000").pathname);
  return matches?.at(-1)?.route.id;
}

/** Which Hono route a request lands on (the most specific of its paths). */
function honoRouteOf(method: string, url: string): string[] {
  const pathname = new URL(url, "http://localhost:3000").pathname;
  return honoRoutes().filter((key) => {
    const [m, p] = key.split(" ");
    if (m !== "ALL" && m !== method) return false;
    const pattern = p
      .replace(/[.]/g, "\\.")
      .replace(/:[A-Za-z]+\{([^}]+)\}/g, "($1)")
      .replace(/:[A-Za-z]+/g, "[^/]+")
      .replace(/\*/g, ".*");
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}

/**
 * The intents an action's source tests for (`intent === "x"`, `form.get("intent") === "x"`, `case "x":`): with the
 * back office's actionPermissions, a new branch of a form cannot slip past the table.
 */
function intentsInSource(r: PageRoute): string[] {
  if (typeof r.module.action !== "function") return [];
  const source = fs.readFileSync(path.resolve("app", r.file), "utf8");
  const found = [
    ...source.matchAll(/(?:\bintent|form\.get\("intent"\)) [!=]== "([a-z0-9-]+)"|\bcase "([a-z0-9-]+)":/g),
  ].map((m) => m[1] ?? m[2]);
  return [...new Set(found)];
}

describe("the route table", () => {
  test("lists every route of the router and of the Hono app, with every back-office intent", () => {
    const missing: string[] = [];
    const has = (pred: (e: Entry) => boolean) => ROUTE_ACCESS.some(pred);
    for (const r of routes) {
      if (LAYOUTS.includes(r.id)) continue;
      if (!has((e) => e.route === r.id && e.method === "GET")) missing.push(`${r.id} GET`);
      if (typeof r.module.action === "function" && !has((e) => e.route === r.id && e.method === "POST"))
        missing.push(`${r.id} POST`);
      const permissions = (r.module.actionPermissions ?? {}) as Record<string, string>;
      for (const intent of new Set([...Object.keys(permissions), ...intentsInSource(r)])) {
        if (!has((e) => e.route === r.id && e.method === "POST" && !!e.intent && intentValue(e.intent) === intent))
          missing.push(`${r.id} POST ${intent}`);
      }
    }
    for (const key of honoRoutes()) if (!has((e) => e.route === key)) missing.push(key);
    expect(missing, "routes the site answers that the table does not list").toEqual([]);
  });

  test("names only routes, methods, intents and URLs that exist", () => {
    const wrong: string[] = [];
    const byId = new Map(routes.map((r) => [r.id, r]));
    const hono = new Set(honoRoutes());
    for (const id of LAYOUTS) {
      const r = byId.get(id);
      if (!r || r.leaf) wrong.push(`layout ${id}: not a layout of the router`);
      if (r && typeof r.module.action === "function") wrong.push(`layout ${id} has an action: give it rows`);
    }
    for (const e of ROUTE_ACCESS) {
      const label = `${e.route} ${e.method} ${e.intent ?? ""} ${e.path}`;
      if (e.route.includes(" ")) {
        if (!hono.has(e.route)) wrong.push(`${label}: no such Hono route`);
        else if (!honoRouteOf(e.method, e.path).includes(e.route)) wrong.push(`${label}: the URL does not reach it`);
        continue;
      }
      const r = byId.get(e.route);
      if (!r || r.pattern === null || LAYOUTS.includes(e.route)) {
        wrong.push(`${label}: no such page route`);
        continue;
      }
      // The URL (with any ids in it) must land on this route, as React Router matches it.
      const sample = e.path.replace(/:([A-Za-z]+)/g, "x");
      const landed = pageRouteOf(sample);
      if (landed !== e.route && !(e.route === "routes/admin/users.$id" && e.intent === "intent=export"))
        wrong.push(`${label}: the URL lands on ${landed}`);
      if (e.method !== "GET" && typeof r.module.action !== "function") wrong.push(`${label}: the route has no action`);
      if (e.intent && !e.intent.startsWith("(") && e.method !== "GET") {
        const value = intentValue(e.intent);
        const permissions = (r.module.actionPermissions ?? {}) as Record<string, string>;
        const source = fs.readFileSync(path.resolve("app", r.file), "utf8");
        const named = new RegExp(`["']${value}["']|[{,\\s]${value}:`).test(source);
        if (!Object.hasOwn(permissions, value) && !named) wrong.push(`${label}: the action knows no ${value}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("names a target for every row whose URL carries an id", () => {
    const wrong = ROUTE_ACCESS.filter((e) => /:[A-Za-z]/.test(e.path) && !e.target).map((e) => `${e.route} ${e.path}`);
    expect(wrong).toEqual([]);
    expect(ROUTE_ACCESS.filter((e) => e.target && !(e.target in TARGETS))).toEqual([]);
  });
});

// Before the walk: it rotates the session-signing keys (an admin's Settings action), after which a cookie must go
// through the app to reach Better Auth, as these tests hand one to it directly.
describe("what the walk found", () => {
  const member = async () => {
    const m = await signUpMember({ post: w.post });
    await confirmAddress(w.db, m.userId);
    return m;
  };
  const twoFactorOn = async (userId: string) =>
    (await w.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)))[0].on;

  test("confirming a two-step set-up that was never started is refused, not a server error", async () => {
    const m = await member();
    const answer = await w.send(
      { name: "member", userId: m.userId, email: m.email, cookie: m.cookie },
      "POST",
      "/account/security",
      {
        form: { intent: "2fa-confirm", code: "123456" },
      },
    );
    expect(answer.status).toBe(409);
    expect(await twoFactorOn(m.userId)).toBe(false);
  });

  test("the sign-in's second step does not take a signed-in member's code: a set-up they started stays off", async () => {
    const m = await member();
    const meta = { ip: "203.0.113.10", userAgent: "vitest", headers: new Headers({ cookie: m.cookie }) };
    const started = await startTwoFactorEnrolment({ auth: w.site.auth }, { password: MEMBER_PASSWORD }, meta);
    // The right code from their app, sent to the sign-in step instead of the set-up's confirmation (which asks
    // for a recent sign-in and counts attempts): Better Auth alone would take it as the confirmation.
    const answer = await w.send(
      { name: "member", userId: m.userId, email: m.email, cookie: m.cookie },
      "POST",
      "/auth/two-factor",
      {
        form: { code: totpCode(started.secret, systemClock.now().getTime()) },
      },
    );
    expect(answer.status).toBe(302);
    expect(await twoFactorOn(m.userId)).toBe(false);
  });
});

type Result = {
  entry: Entry;
  actor: ActorName;
  expected: Outcome;
  got: Outcome | "error";
  status: number;
  detail: string;
};

// 107 s alone in CI; over 180 s once beside a full CI run on the same two cores: the walk asserts answers, not speed.
test("every route answers every actor exactly as the table says", { timeout: 360_000 }, async () => {
  const started = Date.now();
  const results: Result[] = [];
  const ordered = [...ROUTE_ACCESS.filter((e) => !e.last), ...ROUTE_ACCESS.filter((e) => e.last)];
  // One row at a time; its actors at once (each acts on its own objects), as people on the site would.
  for (const entry of ordered) {
    const logError = console.error;
    if (entry.quiet) console.error = () => {};
    try {
      const walked = await Promise.all(
        ACTORS.filter((name) => entry.expect[name]).map(async (name): Promise<Result> => {
          const actor = w.actors[name];
          const target = entry.target ? await TARGETS[entry.target](w, actor) : {};
          const answer = await w.send(actor, entry.method, fillPath(entry.path, target), entry.body?.(target, w));
          const got = classify(answer);
          const flash =
            answer.flash &&
            `"${answer.flash.message}${answer.flash.description ? `: ${answer.flash.description}` : ""}"`;
          const detail = [
            answer.location && `-> ${answer.location}`,
            flash,
            answer.json ? JSON.stringify(answer.json).slice(0, 120) : null,
          ]
            .filter(Boolean)
            .join(" ");
          return { entry, actor: name, expected: entry.expect[name] as Outcome, got, status: answer.status, detail };
        }),
      );
      results.push(...walked);
    } finally {
      console.error = logError;
    }
  }
  const mismatches = results.filter((r) => r.got !== r.expected);
  const errors = results.filter((r) => r.got === "error");
  const pageRoutes = routes.filter((r) => !LAYOUTS.includes(r.id)).length;
  const intents = ROUTE_ACCESS.filter((e) => e.intent).length;
  const actions = ROUTE_ACCESS.filter((e) => e.method !== "GET").length;
  console.info(
    [
      "route matrix:",
      `  page routes ${pageRoutes} (+${LAYOUTS.length} layouts), Hono routes ${honoRoutes().length}, table rows ${ROUTE_ACCESS.length}`,
      `  actions ${actions} (of which ${intents} rows name an intent), actors ${ACTORS.length}`,
      `  requests ${results.length}, mismatches ${mismatches.length}, 5xx ${errors.length}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join("\n"),
  );
  const describe = (r: Result) =>
    `${r.entry.method} ${r.entry.path}${r.entry.intent ? ` [${r.entry.intent}]` : ""} as ${r.actor}: expected ${r.expected}, got ${r.got} (${r.status} ${r.detail})`;
  expect(mismatches.map(describe)).toEqual([]);
  expect(errors.length).toBe(0);
});
