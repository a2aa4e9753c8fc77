// `npm run bench [-- --listings 1000000 --duration 10 --connections 10]`
//
// Seeds N listings into a fresh database (PGlite in a temp DATA_DIR, or a fresh `swapshed_bench` database on
// the server DATABASE_URL points at), starts the production build in this process, and measures with
// autocannon (in a child process) each visitor page (no cookie): the home page, a listing page, search (text;
// text + 25 km) and the JSON feed, each next to its own baseline in the same run: a bare node:http server
// (in this process, like the app) answering every request with the very bytes and Content-Type the app sent
// a visitor for that page (fetched once, uncompressed, as autocannon asks for no encoding). Each pair runs
// back to back, inside the rounds loop, and `visitorRatios` (app req/s ÷ bare req/s, same bytes) is the
// headline. The home page is also measured rendered: with a harmless `cookie: bench=1`, as any request with
// a cookie bypasses the shared page cache for visitors, so it is rendered every time. That figure is
// compared with a bare renderToString of the same home page (React Router's ServerRouter over the render
// context the app built for one real request: the page's own components and data, without request
// handling, loaders, database or data encoding), and, for comparison with earlier runs, with a bare
// renderToString of a home-like page of plain React components (bench/baseline-home.tsx). Then EXPLAIN
// ANALYZE of the SQL the app ran for each page (captured from the app's own Drizzle instance), plus a deep
// keyset page of the feed.
// Results: bench/results/<timestamp>-<pglite|postgres>-<N>.json and the summary in docs/performance.md.
//
// The targets (each visitor page ≥ 0.3× the bare node:http server sending its bytes; the rendered home page ≥
// 0.5× the renderToString baseline of the same page; feed ≤ 2 ms and text + 25 km ≤ 15 ms in the database at
// 1M on PostgreSQL) are checked here and only here: never in tests.
process.env.NODE_ENV = "production"; // before React loads: react-dom/server picks its build from this
process.env.LOG_LEVEL = "silent";

import { execFile, execSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { EntryContext, ServerBuild } from "react-router";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { adminSession, backOfficePages, seedExtraMembers, seedModeration, timeBackOfficePage } from "./back-office";
import { seedPayments, seedReports, trustAndMoneyPages } from "./trust-and-money";
import { BENCH_SWAP_COUNT, BENCH_USER_COUNT, pickLocalities, seedListings, seedMembers, seedSwapHistory } from "./seed";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root); // migrations and the localities file are found relative to the project

const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    // Members in all: the listings' 200 owners plus members without listings (the back office's Users page).
    members: { type: "string", default: "10000" },
    "back-office-samples": { type: "string", default: "30" },
    // The Moderation Queue's reports and the Payments page's payment rows (issue 12 measures 100k and 1M).
    reports: { type: "string", default: "10000" },
    payments: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "1" },
    query: { type: "string", default: "bike" },
    location: { type: "string", default: "Bondi NSW 2026" },
    "explain-runs": { type: "string", default: "5" },
    build: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    // PostgreSQL only: measure again on the database a --keep run left (same --listings), without seeding anew.
    reuse: { type: "boolean", default: false },
    "no-docs": { type: "boolean", default: false },
  },
});
const N = Number(args.listings);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const ROUNDS = Math.max(1, Number(args.rounds));
const EXPLAIN_RUNS = Math.max(1, Number(args["explain-runs"]));
if (!Number.isInteger(N) || N < 100) throw new Error("--listings must be a whole number of at least 100");
const MEMBERS = Math.max(BENCH_USER_COUNT, Number(args.members));
const BACK_OFFICE_SAMPLES = Math.max(5, Number(args["back-office-samples"]));
const REPORTS = Math.max(0, Number(args.reports));
const PAYMENTS = Math.max(0, Number(args.payments));

const log = (...parts: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

// ---------------------------------------------------------------------------------------------- build
const serverEntry = path.join(root, "build/server/index.js");
if (args.build || !fs.existsSync(serverEntry)) {
  log("building (npx react-router build)...");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
} else {
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const full = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }, 0);
  const sources = ["app", "core", "db", "server"].map((d) => path.join(root, d));
  if (Math.max(...sources.map(newest)) > fs.statSync(serverEntry).mtimeMs) {
    log("WARNING: the build is older than the sources; pass --build to rebuild first");
  }
}
const buildTime = fs.statSync(serverEntry).mtime.toISOString();

// ------------------------------------------------------------------------------------------- database
const pg = (await import("pg")).default;
const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
const schema = await import("../db/schema/index");
const { openDatabase } = await import("../db/client");
const { migrate } = await import("../db/migrate");
const { parseEnv } = await import("../server/env");
const { resolveLocationInput } = await import("../core/locations/localities");
type DbHandle = import("../db/client").DbHandle;

/** Every SQL statement the app runs while `capturing` is set (Drizzle's logger on the app's own instance). */
type Captured = { query: string; params: unknown[] };
let capturing: Captured[] | null = null;
const queryLogger = { logQuery: (query: string, params: unknown[]) => capturing?.push({ query, params }) };

const BENCH_DB = "swapshed_bench";
const databaseUrl = process.env.DATABASE_URL;
const kind: "pglite" | "postgres" = databaseUrl?.startsWith("postgres") ? "postgres" : "pglite";
let handle: DbHandle;
let raw: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let exec: (text: string) => Promise<unknown>;
let benchUrl: string | undefined;
let dataDir: string | undefined;
let dbVersion: string;
let pgliteClient: import("@electric-sql/pglite").PGlite | undefined;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Whether the kept bench database holds this run's N listings (and the swaps' 2 per swap), seeded to the end. */
async function keptDatabaseFits(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from listings");
    const payments = await client.query("select count(*)::int as n from payment_logs");
    return rows[0].n === N + 2 * BENCH_SWAP_COUNT && payments.rows[0].n > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let reused = false;
if (kind === "postgres") {
  const url = new URL(databaseUrl!);
  url.pathname = `/${BENCH_DB}`;
  benchUrl = url.toString();
  if (args.reuse && (await keptDatabaseFits(benchUrl))) {
    reused = true;
    log(`PostgreSQL: reusing the kept database ${BENCH_DB} (${N.toLocaleString("en-AU")} listings)`);
  } else {
    if (args.reuse) log(`PostgreSQL: no kept database with ${N.toLocaleString("en-AU")} listings; seeding anew`);
    // A fresh database on that server; no other database is touched.
    await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${BENCH_DB}`);
    log(`PostgreSQL: fresh database ${BENCH_DB}`);
  }
} else {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-bench-"));
  log(`PGlite: fresh data directory ${dataDir}`);
}
// Opened exactly as the app opens it (db/client.ts: pool size, PGlite extensions); the app then gets a
// second Drizzle instance over the same connection(s) whose logger lets the benchmark see its SQL.
const opened = await openDatabase({ url: benchUrl, dataDir });
if (opened.kind === "postgres") {
  const pool = opened.pool!;
  // An idle connection ended by the server (the final DROP DATABASE ... WITH (FORCE)) must not crash the run.
  pool.on("error", (error) => {
    if (!cleanedUp) log(`PostgreSQL pool: ${error.message}`);
  });
  handle = { ...opened, db: drizzlePg(pool, { schema, logger: queryLogger }) };
  raw = async (text, params) => (await pool.query(text, params as unknown[])).rows;
  exec = (text) => pool.query(text);
} else {
  const client = (opened.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  pgliteClient = client;
  handle = { ...opened, db: drizzlePglite(client, { schema, logger: queryLogger }) };
  raw = async (text, params) => (await client.query<Record<string, unknown>>(text, params as unknown[])).rows;
  exec = (text) => client.exec(text);
}
dbVersion = String((await raw("select version() as v"))[0].v);

let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  await handle.close().catch(() => {});
  if (args.keep) return log(`kept the database (${benchUrl ?? dataDir})`);
  if (kind === "postgres") await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", async () => {
  await cleanup();
  process.exit(130);
});

/** Members, N listings, the swap history, the back office's members, reports and payments. */
async function seed(localities: ReturnType<typeof pickLocalities>) {
  await seedMembers(exec, localities);
  const seedStart = process.hrtime.bigint();
  await seedListings(exec, N, localities, (done) =>
    log(
      `seeded ${done.toLocaleString("en-AU")} / ${N.toLocaleString("en-AU")} listings (${(ms(seedStart) / 1000).toFixed(1)} s)`,
    ),
  );
  await seedSwapHistory(exec, localities[0]);
  log(`seeded ${BENCH_SWAP_COUNT.toLocaleString("en-AU")} completed swaps with both parties' reviews`);
  await seedExtraMembers(exec, BENCH_USER_COUNT, MEMBERS - 1);
  await seedModeration(exec);
  log(`seeded ${MEMBERS.toLocaleString("en-AU")} members in all and the listings' moderation history`);
  await seedReports(exec, REPORTS, MEMBERS);
  await seedPayments(exec, PAYMENTS);
  log(`seeded ${REPORTS.toLocaleString("en-AU")} reports and ${PAYMENTS.toLocaleString("en-AU")} payment rows`);
}

async function main() {
  const startedAt = new Date().toISOString();
  let t = process.hrtime.bigint();
  await migrate(handle);
  log(`migrated in ${ms(t).toFixed(0)} ms`);

  // ------------------------------------------------------------------------------------------ seed
  const localities = pickLocalities(400);
  t = process.hrtime.bigint();
  if (!reused) await seed(localities);
  const insertMs = ms(t);
  t = process.hrtime.bigint();
  await exec(reused ? "ANALYZE" : "VACUUM ANALYZE");
  const analyzeMs = ms(t);
  const seedMs = insertMs + analyzeMs;
  log(`seeding: ${(insertMs / 1000).toFixed(1)} s insert + ${(analyzeMs / 1000).toFixed(1)} s VACUUM ANALYZE`);
  const [{ count, size }] = await raw(
    "select count(*)::int as count, pg_size_pretty(pg_total_relation_size('listings')) as size from listings",
  );
  const listingsColumns = (
    await raw("select column_name from information_schema.columns where table_name = 'listings'")
  ).map((r) => String(r.column_name));
  if (listingsColumns.includes("search_vector")) {
    const [{ missing }] = await raw("select count(*)::int as missing from listings where search_vector is null");
    if (Number(missing) > 0) log(`WARNING: ${missing} listings have no search_vector after seeding`);
  }

  // ------------------------------------------------------------------------------------------- app
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    RUN_JOBS: "false",
    ALLOW_TEST_PAYMENTS: "true",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    ...(kind === "postgres" ? { DATABASE_URL: benchUrl } : { DATA_DIR: dataDir }),
  });
  const { createSiteApp } = await import(pathToFileURL(serverEntry).href);
  // The render context of the last home page the app answered, kept for the same-page baseline.
  let homeRender: { context: EntryContext; url: string } | undefined;
  const wrapBuild = (build: ServerBuild): ServerBuild => ({
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: async (request, status, headers, context, loadContext) => {
          const response = await build.entry.module.default(request, status, headers, context, loadContext);
          if (!homeRender && request.method === "GET" && new URL(request.url).pathname === "/") {
            homeRender = { context, url: request.url };
          }
          return response;
        },
      },
    },
  });
  // `listen`: the handle's notification listener (the shared page cache hears of changes through it), where
  // the database handle has one.
  const { app } = createSiteApp({ db: handle.db, env, wrapBuild, listen: (handle as { listen?: unknown }).listen });
  const { serve } = await import("@hono/node-server");
  // Requests still being answered: a slow target's backlog (PGlite answers one query at a time) must drain
  // before the next target starts, or it would be charged to the next one.
  let inFlight = 0;
  let received = 0;
  const appServer = serve({
    fetch: async (request: Request) => {
      inFlight++;
      received++;
      try {
        return await app.fetch(request);
      } finally {
        inFlight--;
      }
    },
    port,
    hostname: "127.0.0.1",
  });
  // Also PostgreSQL's own view: statements still running for requests whose client has gone.
  const busyBackends = async () =>
    kind === "postgres"
      ? Number(
          (
            await raw(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
            )
          )[0].n,
        )
      : 0;
  const drained = async () => {
    const start = Date.now();
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      quiet = inFlight === 0 && (await busyBackends()) === 0 ? quiet + 1 : 0;
    }
    return Date.now() - start;
  };
  await new Promise((resolve) => appServer.once("listening", resolve));
  const base = `http://127.0.0.1:${port}`;
  log(`app listening on ${base}`);

  // A listing a third of the way down the feed, from a member who is not suspended.
  const [listing] = await raw(
    `select l.id from listings l join profiles p on p.user_id = l.user_id
     where l.status = 'active' and p.status = 'active' order by l.created_at desc, l.id desc offset ${Math.floor(N / 3)} limit 1`,
  );
  const q = encodeURIComponent(args.query!);
  const place = encodeURIComponent(args.location!);
  if (!resolveLocationInput(args.location!)) log(`WARNING: "${args.location}" does not resolve to one locality`);
  // The visitor pages (no cookie): each is measured next to a bare node:http server sending its bytes.
  const targets = [
    { name: "home", page: "Home page", label: "Home page GET /", path: "/" },
    {
      name: "listing",
      page: "Listing page",
      label: "Listing page GET /listings/:id",
      path: `/listings/${listing.id}`,
    },
    { name: "search_text", page: "Search text", label: `Search GET /search?q=${args.query}`, path: `/search?q=${q}` },
    {
      name: "search_text_25km",
      page: "Search text + 25 km",
      label: `Search GET /search?q=${args.query}&location=${args.location}&radius=25`,
      path: `/search?q=${q}&location=${place}&radius=25`,
    },
    { name: "api_listings", page: "JSON feed", label: "JSON feed GET /api/v1/listings", path: "/api/v1/listings" },
  ];
  // The home page rendered each time: any cookie bypasses the shared page cache for visitors, and this one
  // means nothing to the app. Its render speed is checked against the bare renderToString of the same page.
  const renderedHome = {
    name: "home_rendered",
    label: "Home page GET /, rendered (shared cache bypassed: cookie bench=1)",
    path: "/",
    headers: { cookie: "bench=1" },
  };

  // One request each, capturing the SQL the app runs (and checking that the page works).
  const visit = async (pagePath: string, headers?: Record<string, string>) => {
    capturing = [];
    const response = await fetch(base + pagePath, { headers });
    const body = await response.text();
    const queries = capturing;
    capturing = null;
    const cards = new Set(body.match(/\/listings\/[0-9a-f-]{36}(?=["?])/g) ?? []).size;
    log(
      `${pagePath}${
        headers
          ? ` (${Object.entries(headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join(", ")})`
          : ""
      } -> ${response.status}, ${Buffer.byteLength(body)} bytes, ${cards} listing links, ${queries.length} SQL`,
    );
    return { status: response.status, bytes: Buffer.byteLength(body), cards, queries, body };
  };
  const pages: Record<string, { status: number; bytes: number; cards: number; queries: Captured[] }> = {};
  for (const target of targets) pages[target.name] = await visit(target.path);
  pages[renderedHome.name] = await visit(renderedHome.path, renderedHome.headers);

  // Other searches, measured in the database only (EXPLAIN, no load): the harder cases for the indexes.
  const probeList = [
    {
      name: "search_rare_25km",
      label: `telescope (rare) within 25 km of ${args.location}`,
      path: `/search?q=telescope&location=${place}&radius=25`,
    },
    {
      name: "search_remote_25km",
      label: `${args.query} within 25 km of Alice Springs NT 0870 (few listings)`,
      path: `/search?q=${q}&location=Alice%20Springs%20NT%200870&radius=25`,
    },
    { name: "search_rare", label: "telescope (rare), anywhere", path: "/search?q=telescope" },
    { name: "search_no_match", label: "zeppelin (no match)", path: "/search?q=zeppelin" },
    {
      name: "search_no_match_25km",
      label: `zeppelin (no match) within 25 km of ${args.location}`,
      path: `/search?q=zeppelin&location=${place}&radius=25`,
    },
    {
      name: "search_browse_25km",
      label: `no words, within 25 km of ${args.location}`,
      path: `/search?location=${place}&radius=25`,
    },
    {
      name: "search_nearest",
      label: `${args.query}, nearest to ${args.location}`,
      path: `/search?q=${q}&location=${place}&sort=nearest`,
    },
    {
      name: "search_value_asc_25km",
      label: `${args.query} within 25 km, value low to high`,
      path: `/search?q=${q}&location=${place}&radius=25&sort=value_asc`,
    },
    {
      name: "search_category_25km",
      label: `category tradie_tools within 25 km`,
      path: `/search?category=tradie_tools&location=${place}&radius=25`,
    },
  ];
  const probePages: Record<
    string,
    { label: string; path: string; status: number; cards: number; queries: Captured[] }
  > = {};
  for (const probe of probeList)
    probePages[probe.name] = { label: probe.label, path: probe.path, ...(await visit(probe.path)) };
  // "Load more" ten pages deep, following the page's own next link (its opaque cursor).
  {
    let pagePath: string | null = targets[3].path;
    let depth = 1;
    let last: Awaited<ReturnType<typeof visit>> | null = null;
    while (pagePath && depth <= 10) {
      last = await visit(pagePath);
      const next = last.body.match(/href="(\/search\?[^"]*cursor=[^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? null;
      if (depth === 10 || !next) break;
      pagePath = next;
      depth++;
    }
    if (last && depth > 1) {
      probePages.search_text_25km_page_10 = {
        label: `${args.query} within 25 km, "Load more" page ${depth}`,
        path: pagePath!,
        ...last,
      };
    } else log('no "Load more" link on the search page: skipping the deep search page');
  }

  // --------------------------------------------------------------------------------- back office
  // The staff list pages, one request at a time as an admin with two-factor, with the SQL each ran.
  const staffCookie = await adminSession(base, exec);
  const backOffice: (Awaited<ReturnType<typeof timeBackOfficePage>> & { queries: Captured[] })[] = [];
  for (const page of [...(await backOfficePages(raw)), ...trustAndMoneyPages(PAYMENTS)]) {
    capturing = [];
    await fetch(base + page.path, { headers: { cookie: staffCookie } }).then((r) => r.text());
    const queries = capturing;
    capturing = null;
    const timing = await timeBackOfficePage(base, staffCookie, page, BACK_OFFICE_SAMPLES);
    if (timing.status !== 200)
      throw new Error(`${page.path} answered ${timing.status}: the admin session does not pass the gate`);
    backOffice.push({ ...timing, queries });
    log(
      `${page.path} -> ${timing.rows} rows, median ${timing.medianMs} ms, p95 ${timing.p95Ms} ms (${timing.samples} requests)`,
    );
  }

  // ----------------------------------------------------------------------------------- baselines
  // One bare node:http server per visitor page, answering every request with the exact bytes and Content-Type
  // the app sends a visitor for it (no cookie; uncompressed, as autocannon asks for no encoding).
  const bareServers: Record<string, { url: string; bytes: Buffer; contentType: string }> = {};
  for (const target of targets) {
    const sent = await fetchAsVisitor(base + target.path);
    if (sent.status !== 200) throw new Error(`${target.path} answered ${sent.status} to a visitor`);
    if (sent.contentEncoding) throw new Error(`${target.path} came ${sent.contentEncoding}-encoded for identity`);
    const { body, contentType } = sent;
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": contentType, "content-length": body.length });
      res.end(body);
    });
    bareServers[target.name] = { url, bytes: body, contentType };
  }
  const homeBytes = bareServers.home.bytes;
  // The same home page, rendered bare: the context the app's own request just built (its data already read
  // into React Router's stream cache by entry.server), with a fresh, unread stream each time, as ServerRouter
  // takes a reader from it.
  if (!homeRender) throw new Error("the app rendered no home page to keep");
  const { renderToString } = await import("react-dom/server");
  const { createElement } = await import("react");
  const { ServerRouter } = await import("react-router");
  const { context: homeContext, url: homeUrl } = homeRender;
  const renderSamePage = () =>
    `<!DOCTYPE html>${renderToString(createElement(ServerRouter, { context: { ...homeContext, serverHandoffStream: new ReadableStream() }, url: homeUrl }))}`;
  // It must be the page itself: rendered on entry.server's one-pass path, its data is in React Router's stream
  // cache and ends with the stream's close. A streamed render would leave the cache empty, and the bare
  // render would be a page without its data: faster, and wrong.
  const samePageHtml = renderSamePage();
  const samePageSize = Buffer.byteLength(samePageHtml);
  if (
    !samePageHtml.includes("window.__reactRouterContext.streamController.close()") ||
    Math.abs(samePageSize - homeBytes.length) > homeBytes.length * 0.02
  ) {
    throw new Error(`the same-page baseline is not the home page (${samePageSize} bytes against ${homeBytes.length})`);
  }
  const samePage = await listen((_req, res) => {
    const html = Buffer.from(renderSamePage());
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length });
    res.end(html);
  });
  const { renderBaselineHome, stepsForSize } = await import("./baseline-home");
  const homeCards = ((await (await fetch(`${base}/api/v1/listings?limit=12`)).json()) as { listings: never[] })
    .listings;
  // The same 12 listings, and filler blocks until the markup is as large as the real home page's.
  const steps = stepsForSize(homeCards, homeBytes.length);
  const baselineSize = Buffer.byteLength(renderBaselineHome(homeCards, steps));
  const rendered = await listen((_req, res) => {
    const html = renderBaselineHome(homeCards, steps);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
    res.end(html);
  });
  log(
    `baselines: bare node:http per visitor page (${Object.entries(bareServers)
      .map(([name, b]) => `${name} ${b.bytes.length} bytes ${b.contentType}`)
      .join(
        "; ",
      )}); renderToString of the same home page ${samePageSize} bytes; of a home-like page ${baselineSize} bytes`,
  );

  // ---------------------------------------------------------------------------------------- load
  const http_: Record<
    string,
    LoadResult & { label: string; url: string; bytes: number; loadAverage: number[]; roundsRequestsPerSec?: number[] }
  > = {};
  // Each visitor page right before its bare node:http baseline (same bytes), so the pair sees the same load
  // from other work on the machine; the rendered home page right before the renderToString baselines it is
  // compared with. The home page's bare baseline keeps its earlier name.
  type LoadTarget = { name: string; label: string; url: string; bytes: number; headers?: Record<string, string> };
  const bareName = (page: string) => (page === "home" ? "baseline_bare_http" : `baseline_bare_http_${page}`);
  const renderBaselines: LoadTarget[] = [
    {
      name: renderedHome.name,
      label: renderedHome.label,
      url: base + renderedHome.path,
      bytes: pages[renderedHome.name].bytes,
      headers: renderedHome.headers,
    },
    {
      name: "baseline_render_same_page",
      label: "Baseline: bare renderToString, the same home page",
      url: samePage,
      bytes: samePageSize,
    },
    {
      name: "baseline_render_to_string",
      label: "Baseline: bare renderToString, home-like page",
      url: rendered,
      bytes: baselineSize,
    },
  ];
  const loadTargets: LoadTarget[] = targets.flatMap((x) => [
    { name: x.name, label: x.label, url: base + x.path, bytes: pages[x.name].bytes },
    {
      name: bareName(x.name),
      label: `Baseline: bare node:http, ${x.page.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())} bytes`,
      url: bareServers[x.name].url,
      bytes: bareServers[x.name].bytes.length,
    },
    ...(x.name === "home" ? renderBaselines : []),
  ]);
  // With --rounds > 1 the whole list runs that many times, interleaved, and each target keeps its median
  // round: load from other work on the machine then hits every target alike.
  const rounds: Record<string, (LoadResult & { loadAverage: number[]; appReceived?: number })[]> = {};
  for (let round_ = 1; round_ <= ROUNDS; round_++) {
    for (const target of loadTargets) {
      log(
        `load${ROUNDS > 1 ? ` (round ${round_}/${ROUNDS})` : ""}: ${target.label} (${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s)`,
      );
      const loadBefore = os.loadavg()[0];
      const receivedBefore = received;
      const receivedBy = () => received - receivedBefore;
      const result = await load(target.url, target.headers);
      const waited = await drained();
      if (waited > 500)
        log(`  (waited ${(waited / 1000).toFixed(1)} s for the app to finish the requests still in flight)`);
      // The 1-minute load average around the run: other work on this machine skews req/s.
      rounds[target.name] ??= [];
      rounds[target.name].push({
        ...result,
        loadAverage: [round(loadBefore), round(os.loadavg()[0])],
        // Requests the app received during the run (warm-up included), answered or not.
        ...(target.name.startsWith("baseline") ? {} : { appReceived: receivedBy() }),
      });
      log(
        `  ${result.requestsPerSec.toFixed(0)} req/s, p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms` +
          (result.non2xx || result.errors || result.timeouts
            ? `, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`
            : ""),
      );
    }
  }
  for (const target of loadTargets) {
    const all = rounds[target.name];
    const median = [...all].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(all.length / 2)];
    http_[target.name] = {
      label: target.label,
      url: target.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ""),
      bytes: target.bytes,
      ...median,
      ...(all.length > 1 ? { roundsRequestsPerSec: all.map((r) => Math.round(r.requestsPerSec)) } : {}),
    };
  }

  // ------------------------------------------------------------------------------------- explain
  const explained: Record<string, ExplainedQuery[]> = {};
  for (const target of targets) {
    explained[target.name] = await explainPage(pages[target.name].queries);
  }
  // The feed at depth: the app's home query with a keyset predicate at the row halfway down the feed.
  const homeQuery = hottest(explained.home ?? []);
  let deep: DbTime | null = null;
  if (homeQuery) {
    const [mid] = await raw(
      `select id::text as id, created_at::text as created_at from listings where status = 'active'
       order by created_at desc, id desc offset ${Math.floor(N / 2)} limit 1`,
    );
    const deepSql = withKeyset(homeQuery.sql, homeQuery.params.length);
    if (deepSql) {
      const deepQuery = await explain(
        deepSql,
        [...homeQuery.params, mid.created_at, mid.id],
        `the home feed query (captured) plus a hand-added keyset predicate (created_at, id) < row ${Math.floor(N / 2).toLocaleString("en-AU")}`,
      );
      deep = { ...deepQuery, pageStatements: 1, pageTotalMs: deepQuery.executionMs };
    }
  }
  const probes: Record<
    string,
    {
      label: string;
      path: string;
      status: number;
      listingLinks: number;
      db: DbTime | null;
      statements: { sql: string; executionMs: number; planningMs: number; plan: string }[];
    }
  > = {};
  for (const [name, page] of Object.entries(probePages)) {
    const queries = await explainPage(page.queries);
    probes[name] = {
      label: page.label,
      path: page.path,
      status: page.status,
      listingLinks: page.cards,
      db: hottest(queries),
      // Every statement the page ran, in order (a search may retry, e.g. with fuzzy matching).
      statements: queries.map((x) => ({
        sql: x.sql.slice(0, 400),
        executionMs: x.executionMs,
        planningMs: x.planningMs,
        plan: x.plan,
      })),
    };
  }
  const dbTimes = {
    feed_first_page: homeQuery,
    feed_deep_page: deep,
    listing_by_id: hottest(explained.listing ?? []),
    search_text: hottest(explained.search_text ?? []),
    search_text_25km: hottest(explained.search_text_25km ?? []),
    api_listings: hottest(explained.api_listings ?? []),
  };

  const backOfficePagesResult: ({ name: string; medianMs: number } & Record<string, unknown>)[] = [];
  for (const { body: _body, queries, ...timing } of backOffice) {
    const statements = await explainPage(queries);
    const slowest = [...statements].sort((a, b) => b.executionMs - a.executionMs)[0];
    backOfficePagesResult.push({
      ...timing,
      sqlStatements: statements.length,
      dbTotalMs: round(statements.reduce((sum, x) => sum + x.executionMs, 0)),
      slowest: slowest
        ? { sql: slowest.sql.slice(0, 400), executionMs: slowest.executionMs, plan: slowest.plan }
        : null,
    });
  }
  // Each issue's target covers its own pages: Users and Listings (back office I); the Moderation Queue and Payments
  // (back office II). Reports and the others are measured and shown, without a target of their own.
  const slowestOf = (prefixes: string[]) =>
    Math.max(...backOfficePagesResult.filter((p) => prefixes.some((x) => p.name.startsWith(x))).map((p) => p.medianMs));
  const slowestBackOffice = slowestOf(["users", "listings"]);
  const slowestQueueAndPayments = slowestOf(["queue", "payments"]);

  // ------------------------------------------------------------------------------------- targets
  // The headline: each visitor page against a bare node:http server sending the very same bytes.
  const visitorRatios = Object.fromEntries(
    targets.map((x) => {
      const app = http_[x.name];
      const bareRun = http_[bareName(x.name)];
      const appRounds = rounds[x.name];
      const bareRounds = rounds[bareName(x.name)];
      return [
        x.name,
        {
          page: x.page,
          path: x.label.replace(/^.* GET /, ""),
          contentType: bareServers[x.name].contentType,
          bytes: bareServers[x.name].bytes.length,
          appRequestsPerSec: Math.round(app.requestsPerSec),
          bareRequestsPerSec: Math.round(bareRun.requestsPerSec),
          ratio: round(app.requestsPerSec / bareRun.requestsPerSec),
          // Each round's own quotient (the pair ran back to back), when there were several.
          ...(ROUNDS > 1
            ? { roundsRatios: appRounds.map((r, i) => round(r.requestsPerSec / bareRounds[i].requestsPerSec)) }
            : {}),
          // Mean bytes per response as autocannon read them (headers included): the same body both ways.
          bytesPerResponse: {
            app: Math.round(app.throughputBytesPerSec / app.requestsPerSec),
            bare: Math.round(bareRun.throughputBytesPerSec / bareRun.requestsPerSec),
          },
          non2xx: app.non2xx,
        },
      ];
    }),
  );
  // Render speed: the home page rendered every time (the cookie bypasses the shared page cache).
  const ratio = http_.home_rendered.requestsPerSec / http_.baseline_render_same_page.requestsPerSec;
  const ratioHomeLike = http_.home_rendered.requestsPerSec / http_.baseline_render_to_string.requestsPerSec;
  const targetsChecked = [
    check(
      "Feed, first page: database time",
      "≤ 2 ms",
      dbTimes.feed_first_page?.pageTotalMs,
      (v) => v <= 2,
      "1M listings on PostgreSQL",
    ),
    check(
      "Feed, deep keyset page: database time",
      "≤ 2 ms",
      dbTimes.feed_deep_page?.executionMs,
      (v) => v <= 2,
      "1M listings on PostgreSQL",
    ),
    check(
      "Search text + 25 km: database time",
      "≤ 15 ms",
      dbTimes.search_text_25km?.pageTotalMs,
      (v) => v <= 15,
      "1M listings on PostgreSQL, 100k on PGlite",
    ),
    ...targets.map((x) =>
      check(
        `${x.page}: req/s ÷ bare node:http req/s (same bytes)`,
        "≥ 0.3",
        visitorRatios[x.name].ratio,
        (v) => v >= 0.3,
        "every run",
      ),
    ),
    check(
      "Home req/s, rendered (shared cache bypassed) ÷ bare renderToString req/s",
      "≥ 0.5",
      ratio,
      (v) => v >= 0.5,
      "every run",
    ),
    check(
      "Back office Users and Listings pages: server time (slowest page's median)",
      "≤ 50 ms",
      slowestBackOffice,
      (v) => v <= 50,
      "1M listings and 100k members",
    ),
    check(
      "Back office Moderation Queue and Payments pages: server time (slowest page's median)",
      "≤ 50 ms",
      slowestQueueAndPayments,
      (v) => v <= 50,
      "100k reports and 1M payment rows",
    ),
  ];

  const result = {
    kind: "bench",
    version: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    db: kind,
    dbVersion,
    listings: N,
    listingsInTable: Number(count),
    listingsTableSize: size,
    members: MEMBERS,
    reports: REPORTS,
    payments: PAYMENTS,
    listingOwners: BENCH_USER_COUNT,
    localities: localities.length,
    seeding: {
      reusedKeptDatabase: reused,
      insertMs: Math.round(insertMs),
      vacuumAnalyzeMs: Math.round(analyzeMs),
      totalMs: Math.round(seedMs),
    },
    options: {
      duration: DURATION,
      rounds: ROUNDS,
      warmup: WARMUP,
      connections: CONNECTIONS,
      query: args.query,
      location: args.location,
      explainRuns: EXPLAIN_RUNS,
    },
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
    },
    build: { serverEntryMtime: buildTime },
    pages: Object.fromEntries(
      Object.entries(pages).map(([k, v]) => [
        k,
        { status: v.status, bytes: v.bytes, listingLinks: v.cards, sqlStatements: v.queries.length },
      ]),
    ),
    // Headline: each visitor page's req/s ÷ that of a bare node:http server sending the same bytes.
    visitorRatios,
    http: http_,
    // The rendered home page (cookie bench=1: the shared page cache bypassed) ÷ renderToString of the same page.
    homeToRenderToStringRatio: ratio,
    // The same quotient against the earlier baseline, a home-like page of plain React components.
    homeToHomeLikeRenderRatio: ratioHomeLike,
    database: dbTimes,
    searchProbes: probes,
    backOffice: backOfficePagesResult,
    explainedPerPage: explained,
    targets: targetsChecked,
  };

  appServer.close();
  for (const { url } of Object.values(bareServers)) await closeServer(url);
  await closeServer(rendered);
  await closeServer(samePage);

  // ------------------------------------------------------------------------------------- report
  printReport(result);
  const resultsDir = path.join(root, "bench/results");
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `${result.finishedAt.replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}-${kind}-${N}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${path.relative(root, file)}`);
  if (!args["no-docs"]) {
    const { regenerateDocs } = await import("./docs.mjs");
    regenerateDocs(root);
    log("updated docs/performance.md");
  }
  failLoudly(result.targets);
}

// ------------------------------------------------------------------------------------------ helpers
type LoadResult = {
  requestsPerSec: number;
  requestsTotal: number;
  latencyP50: number;
  latencyP90: number;
  latencyP99: number;
  latencyAvg: number;
  latencyMax: number;
  throughputBytesPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

type ExplainedQuery = {
  source: string;
  sql: string;
  params: unknown[];
  executionMs: number;
  executionMsRuns: number[];
  planningMs: number;
  plan: string;
  sharedHit: number;
  sharedRead: number;
  rows: number;
};

function load(url: string, headers?: Record<string, string>): Promise<LoadResult> {
  const options = JSON.stringify({ url, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, headers });
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, "bench/load.mjs"), options],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`autocannon failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout.trim().split("\n").pop()!));
      },
    );
  });
}

/**
 * EXPLAIN ANALYZE of each read a page ran, in order. A search sets planner settings for its transaction
 * (`select set_config(..., true)`: a time budget, or bitmap scans only), and its count sets a budget of its own
 * in a savepoint on top of them; each statement is replayed under every setting in force when the app ran it
 * (a later set_config adds to the earlier ones, as it does in PostgreSQL, until the transaction ends), and one the
 * budget cancelled counts as the budget (what the page spent on it). Replaying only the latest set_config once
 * hid the search's `max_parallel_workers_per_gather = 0` from the count, and the bench measured a parallel plan
 * the app never runs.
 */
async function explainPage(statements: Captured[]): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  let settings: Captured[] = [];
  for (const captured of statements) {
    if (/^\s*select set_config\(/i.test(captured.query)) settings = [...settings, captured];
    else if (/^\s*(begin|commit|rollback)\b/i.test(captured.query)) settings = [];
    else if (/^\s*(savepoint|release)\b/i.test(captured.query)) continue;
    else if (/^\s*select\b/i.test(captured.query))
      // EXPLAIN ANALYZE runs the statement: reads only
      explained.push(await explain(captured.query, captured.params, "captured from the app", settings));
  }
  return explained;
}

/**
 * Runs `text` after `settings` in one transaction (rolled back), as the app ran it. `timeoutMs` replaces the
 * settings' statement_timeout (the cache warm-up: a run the budget cancels reads only part of what the
 * statement needs, so a cold page would stay cold and every measured run be cancelled too).
 */
async function rawWithSettings(settings: Captured[], text: string, params: unknown[], timeoutMs?: number) {
  if (settings.length === 0) return raw(text, params);
  if (handle.pool) {
    const client = await handle.pool.connect();
    try {
      await client.query("begin");
      for (const s of settings) await client.query(s.query, s.params as unknown[]);
      if (timeoutMs) await client.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
      return (await client.query(text, params as unknown[])).rows;
    } finally {
      await client.query("rollback").catch(() => {});
      client.release();
    }
  }
  // PGlite: one connection, and it ignores statement_timeout.
  return pgliteClient!.transaction(async (tx) => {
    for (const s of settings) await tx.query(s.query, s.params as unknown[]);
    return (await tx.query<Record<string, unknown>>(text, params as unknown[])).rows;
  });
}

/** The statement_timeout in force after `settings` (the latest one that sets it), in ms, if any. */
function budgetMs(settings: Captured[]): number | null {
  for (const s of [...settings].reverse()) {
    const value = s.params.find((p) => typeof p === "string" && /^\d+ms$/.test(p));
    if (typeof value === "string") return Number.parseInt(value, 10);
  }
  return null;
}

function isCancelled(error: unknown) {
  return (error as { code?: string })?.code === "57014";
}

async function explain(
  sql: string,
  params: unknown[],
  source: string,
  settings: Captured[] = [],
): Promise<ExplainedQuery> {
  const runs: { executionMs: number; planningMs: number; plan: PlanNode; hit: number; read: number; rows: number }[] =
    [];
  for (let i = 0; i <= EXPLAIN_RUNS; i++) {
    let row: Record<string, unknown>;
    try {
      [row] = await rawWithSettings(
        settings,
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
        params,
        i === 0 ? 10_000 : undefined,
      );
    } catch (error) {
      const budget = budgetMs(settings);
      if (!isCancelled(error) || budget === null) throw error;
      // Cancelled by the app's planner budget: the page spent the budget here, then asked again.
      const plan: PlanNode = { "Node Type": `cancelled by statement_timeout after ${budget} ms` };
      if (i > 0) runs.push({ executionMs: budget, planningMs: 0, plan, hit: 0, read: 0, rows: 0 });
      continue;
    }
    const value = Object.values(row)[0];
    const [doc] = (typeof value === "string" ? JSON.parse(value) : value) as {
      Plan: PlanNode;
      "Execution Time": number;
      "Planning Time": number;
    }[];
    if (i === 0) continue; // the first run (up to 10 s, whatever the budget) warms the cache
    runs.push({
      executionMs: doc["Execution Time"],
      planningMs: doc["Planning Time"],
      plan: doc.Plan,
      hit: doc.Plan["Shared Hit Blocks"] ?? 0,
      read: doc.Plan["Shared Read Blocks"] ?? 0,
      rows: doc.Plan["Actual Rows"] ?? 0,
    });
  }
  const sorted = [...runs].sort((a, b) => a.executionMs - b.executionMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  return {
    source,
    sql,
    params,
    executionMs: round(median.executionMs),
    executionMsRuns: runs.map((r) => round(r.executionMs)),
    planningMs: round(median.planningMs),
    plan: summarisePlan(median.plan),
    sharedHit: median.hit,
    sharedRead: median.read,
    rows: median.rows,
  };
}

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
};

/** "Limit > Nested Loop > Index Scan listings_feed_idx (12 rows)", depth first, the main line of the plan. */
function summarisePlan(node: PlanNode): string {
  const parts: string[] = [];
  const walk = (n: PlanNode, depth: number) => {
    if (parts.length >= 12) return;
    const what = n["Index Name"] ? ` ${n["Index Name"]}` : n["Relation Name"] ? ` on ${n["Relation Name"]}` : "";
    const loops = (n["Actual Loops"] ?? 1) > 1 ? ` ×${n["Actual Loops"]}` : "";
    const rows = n["Actual Rows"] === undefined ? "" : ` (${n["Actual Rows"]} rows${loops})`;
    parts.push(`${"  ".repeat(depth)}${n["Node Type"]}${what}${rows}`);
    for (const child of n.Plans ?? []) walk(child, depth + 1);
  };
  walk(node, 0);
  return parts.join("\n");
}

/** The statement that took longest among those reading listings. */
function hottest(queries: ExplainedQuery[]): DbTime | null {
  const onListings = queries.filter((x) => /\bfrom "listings"/i.test(x.sql));
  const top = [...onListings].sort((a, b) => b.executionMs - a.executionMs)[0];
  if (!top) return null;
  // A page may run several statements one after another: its database time is their sum.
  const pageTotalMs = round(queries.reduce((sum, x) => sum + x.executionMs, 0));
  return { ...top, pageStatements: queries.length, pageTotalMs };
}
type DbTime = ExplainedQuery & { pageStatements: number; pageTotalMs: number };

/**
 * The home feed query with `("listings"."created_at", "listings"."id") < ($n+1, $n+2)` added to its WHERE:
 * the keyset step to the next page. Hand-made from the captured SQL because the feed query has no cursor
 * parameter to ask it for one.
 */
function withKeyset(sql: string, paramCount: number): string | null {
  if (
    /"listings"\."created_at"\s*</.test(sql) ||
    /\(\s*"listings"\."created_at",\s*"listings"\."id"\s*\)\s*</.test(sql)
  )
    return null;
  // The outermost WHERE and ORDER BY: skip the correlated subqueries in the select list.
  const topLevel = (keyword: RegExp) => {
    let depth = 0;
    let found = -1;
    for (let i = 0; i < sql.length; i++) {
      const ch = sql[i];
      if (ch === "(") depth++;
      else if (ch === ")") depth--;
      else if (depth === 0 && keyword.test(sql.slice(i, i + 10))) found = i;
    }
    return found;
  };
  const where = topLevel(/^\swhere\s/i);
  const order = topLevel(/^\sorder by\s/i);
  if (where < 0 || order < 0 || order < where) return null;
  const condition = sql.slice(where + 7, order);
  const keyset = `("listings"."created_at", "listings"."id") < ($${paramCount + 1}::timestamptz, $${paramCount + 2}::uuid)`;
  return `${sql.slice(0, where)} where (${condition}) and ${keyset}${sql.slice(order)}`;
}

/** Which runs a target binds, by the words of its `appliesTo`: "every run", or sizes per database. */
function bindsThisRun(appliesTo: string): boolean {
  if (appliesTo === "every run") return true;
  const pgAt1M = kind === "postgres" && N >= 1_000_000 && /1M listings on PostgreSQL/.test(appliesTo);
  const pgliteAt100k = kind === "pglite" && N >= 100_000 && /100k on PGlite/.test(appliesTo);
  return pgAt1M || pgliteAt100k;
}

function check(
  name: string,
  target: string,
  value: number | undefined | null,
  pass: (v: number) => boolean,
  appliesTo: string,
) {
  return {
    name,
    target,
    value: value == null ? null : round(value),
    pass: value == null ? null : pass(value),
    appliesTo,
    binds: bindsThisRun(appliesTo),
  };
}

/**
 * A target this run is sized for that failed (or could not be measured) is a regression: say so in a way nobody
 * scrolls past, and exit non-zero (after the results are written) so that a script or a person running the bench
 * cannot take it for a pass. Targets for other sizes are reported as trends only.
 */
function failLoudly(targets: ReturnType<typeof check>[]) {
  const failed = targets.filter((t) => t.binds && t.pass !== true);
  if (failed.length === 0) return;
  const bar = "!".repeat(100);
  console.error(`\n${bar}\nBENCHMARK REGRESSION: ${failed.length} target(s) for this run's size failed\n`);
  for (const t of failed)
    console.error(`  FAIL  ${t.name}: ${t.value ?? "not measured"} (target ${t.target}, at ${t.appliesTo})`);
  console.error(`${bar}\n`);
  process.exitCode = 1;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/**
 * One GET as a visitor, and as autocannon asks: no cookie, no user agent, no compression (`identity`). The
 * body is the raw bytes the app sent.
 */
function fetchAsVisitor(
  url: string,
): Promise<{ status: number; contentType: string; contentEncoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "identity" }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? "application/octet-stream"),
          contentEncoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.set(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
const servers = new Map<string, http.Server>();
function closeServer(url: string) {
  return new Promise((resolve) => {
    const server = servers.get(url);
    if (!server) return resolve(undefined);
    server.closeAllConnections();
    server.close(resolve);
  });
}

function printReport(r: {
  db: string;
  listings: number;
  seeding: { totalMs: number; insertMs: number };
  http: Record<string, LoadResult & { label: string; bytes: number }>;
  database: Record<string, DbTime | null>;
  searchProbes: Record<string, { label: string; status: number; listingLinks: number; db: DbTime | null }>;
  targets: ReturnType<typeof check>[];
  homeToHomeLikeRenderRatio: number;
  visitorRatios: Record<
    string,
    { page: string; bytes: number; appRequestsPerSec: number; bareRequestsPerSec: number; ratio: number }
  >;
}) {
  const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
  const lpad = (s: string, n: number) => (s.length >= n ? s : " ".repeat(n - s.length) + s);
  console.log(
    `\n${r.db} with ${r.listings.toLocaleString("en-AU")} listings (seeded in ${(r.seeding.totalMs / 1000).toFixed(1)} s)\n`,
  );
  console.log(
    `${pad("Visitor page vs bare node:http, same bytes", 44)}${lpad("bytes", 9)}${lpad("app req/s", 11)}${lpad("bare req/s", 12)}${lpad("ratio", 8)}  (≥ 0.3)`,
  );
  for (const v of Object.values(r.visitorRatios)) {
    console.log(
      `${pad(v.page, 44)}${lpad(String(v.bytes), 9)}${lpad(String(v.appRequestsPerSec), 11)}${lpad(String(v.bareRequestsPerSec), 12)}${lpad(v.ratio.toFixed(3), 8)}  ${v.ratio >= 0.3 ? "PASS" : "FAIL"}`,
    );
  }
  console.log("");
  console.log(
    `${pad("HTTP target", 68)}${lpad("req/s", 9)}${lpad("p50 ms", 8)}${lpad("p99 ms", 8)}${lpad("bytes", 9)}${lpad("non2xx", 8)}`,
  );
  for (const h of Object.values(r.http)) {
    console.log(
      `${pad(h.label, 68)}${lpad(h.requestsPerSec.toFixed(0), 9)}${lpad(String(h.latencyP50), 8)}${lpad(String(h.latencyP99), 8)}${lpad(String(h.bytes), 9)}${lpad(String(h.non2xx), 8)}`,
    );
  }
  console.log(
    `\n${pad("Query (EXPLAIN ANALYZE, median)", 28)}${lpad("exec ms", 11)}${lpad("plan ms", 9)}${lpad("page ms", 11)}${lpad("stmts", 6)}  plan`,
  );
  for (const [name, q] of Object.entries(r.database)) {
    if (!q) {
      console.log(`${pad(name, 28)}${lpad("n/a", 9)}`);
      continue;
    }
    const [first, ...rest] = q.plan.split("\n");
    console.log(
      `${pad(name, 28)}${lpad(q.executionMs.toFixed(3), 11)}${lpad(q.planningMs.toFixed(3), 9)}${lpad(q.pageTotalMs.toFixed(3), 11)}${lpad(String(q.pageStatements), 6)}  ${first}`,
    );
    for (const line of rest.slice(0, 7)) console.log(`${" ".repeat(67)}${line}`);
  }
  console.log(
    `\n${pad("Other searches (database only)", 70)}${lpad("status", 7)}${lpad("cards", 6)}${lpad("exec ms", 11)}${lpad("page ms", 11)}`,
  );
  for (const probe of Object.values(r.searchProbes)) {
    console.log(
      `${pad(probe.label.slice(0, 69), 70)}${lpad(String(probe.status), 7)}${lpad(String(probe.listingLinks), 6)}${lpad(probe.db ? probe.db.executionMs.toFixed(3) : "n/a", 11)}${lpad(probe.db ? probe.db.pageTotalMs.toFixed(3) : "n/a", 11)}`,
    );
  }
  console.log("\nTargets");
  for (const t of r.targets) {
    const verdict =
      t.pass == null ? "n/a" : t.pass ? "PASS" : t.binds ? "FAIL (REGRESSION)" : "FAIL (trend: not this run's size)";
    console.log(
      `  ${pad(t.name, 72)} ${pad(t.target, 8)} ${lpad(t.value == null ? "n/a" : String(t.value), 10)}  ${verdict}  (target at ${t.appliesTo})`,
    );
  }
  console.log(
    `  (rendered home req/s ÷ renderToString of the earlier home-like baseline page: ${r.homeToHomeLikeRenderRatio.toFixed(3)})`,
  );
  console.log("");
}

// Last, so every helper above is initialised before it runs.
try {
  await main();
} finally {
  await cleanup();
}
