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
// 1M on PostgreSQL) are checked in bench/targets.ts and only there: never in tests.
//
// This file is the runner: the database (bench/database.ts, seeded by bench/seed.ts, back-office.ts and
// trust-and-money.ts), the app (bench/app.ts), then each benchmark in turn: the visitor pages
// (bench/visitor-pages.ts), the search probes (bench/search-probes.ts), the back office
// (bench/back-office-pages.ts), the sitemaps (bench/sitemap.ts), a member's conversations and notices with the contact rule
// (bench/conversations.ts), matching a new listing against 100,000 saved searches (bench/saved-search-matching.ts)
// and live updates (bench/live.ts), their targets (bench/targets.ts) and the report
// (bench/report.ts). The order of
// the steps is the measurement's: every page is visited and the back office timed before any load runs, and
// EXPLAIN comes after the load.
process.env.NODE_ENV = "production"; // before React loads: react-dom/server picks its build from this
process.env.LOG_LEVEL = "silent";

import os from "node:os";
import { explainBackOffice, timeBackOffice } from "./back-office-pages";
import { seedExtraMembers, seedModeration } from "./back-office";
import { ensureBuild, serverEntry } from "./build";
import { conversationsSeeded, measureConversations, seedConversations } from "./conversations";
import { startApp } from "./app";
import { type BenchDatabase, openBenchDatabase } from "./database";
import { explainer } from "./explain";
import { log, ms } from "./log";
import {
  args,
  CONNECTIONS,
  DURATION,
  EXPLAIN_RUNS,
  KIND as kind,
  MEMBERS,
  N,
  PAYMENTS,
  REPORTS,
  ROUNDS,
  root,
  WARMUP,
} from "./options";
import { printReport, writeResults } from "./report";
import { explainSearchProbes, visitSearchProbes } from "./search-probes";
import { BENCH_SWAP_COUNT, BENCH_USER_COUNT, pickLocalities, seedListings, seedMembers, seedSwapHistory } from "./seed";
import { checkTargets, failLoudly } from "./targets";
import { seedPayments, seedReports } from "./trust-and-money";
import { loadVisitorPages, visitorDatabaseTimes, visitVisitorPages } from "./visitor-pages";
import { benchLiveUpdates } from "./live";
import { measureSitemap, sitemapTargets } from "./sitemap";
import { measureSavedSearchMatching, savedSearchesSeeded, seedSavedSearches } from "./saved-search-matching";

process.chdir(root); // migrations and the localities file are found relative to the project

const buildTime = ensureBuild();
const db = await openBenchDatabase();
const { raw, exec } = db;
process.on("SIGINT", async () => {
  await db.cleanup();
  process.exit(130);
});

/** Members, N listings, the swap history, the back office's members, reports and payments. */
async function seed({ exec }: BenchDatabase, localities: ReturnType<typeof pickLocalities>) {
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
  const { migrate } = await import("#db/migrate.ts");
  const startedAt = new Date().toISOString();
  let t = process.hrtime.bigint();
  await migrate(db.handle);
  log(`migrated in ${ms(t).toFixed(0)} ms`);

  // ------------------------------------------------------------------------------------------ seed
  const localities = pickLocalities(400);
  t = process.hrtime.bigint();
  if (!db.reused) await seed(db, localities);
  if (!(await conversationsSeeded(raw))) {
    await seedConversations(exec, MEMBERS);
    log("seeded a member's 2,000 threads of 25 lines, 10,000 other threads and the member's 20,000 notices");
  }
  if (!(await savedSearchesSeeded(raw))) {
    await seedSavedSearches(exec, localities, MEMBERS);
    log("seeded 100,000 saved searches");
  }
  const insertMs = ms(t);
  t = process.hrtime.bigint();
  await exec(db.reused ? "ANALYZE" : "VACUUM ANALYZE");
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
  const app = await startApp(db, serverEntry);

  // ------------------------------------------------------------------ visits (the SQL each page runs)
  const visited = await visitVisitorPages(app, raw);
  const probePages = await visitSearchProbes(app, visited.targets[3].path);
  const backOffice = await timeBackOffice(app, db);
  // Before any load: the process's memory is then what the visits left, and the sitemaps' growth is their own.
  const sitemap = await measureSitemap((path) => fetch(app.base + path));

  // ------------------------------------------------------------------------- baselines and load
  const visitorLoad = await loadVisitorPages(app, visited);

  // ------------------------------------------------------------------------------------- explain
  const explain = explainer(db);
  const { dbTimes, explained } = await visitorDatabaseTimes(explain, raw, visited);
  const probes = await explainSearchProbes(explain, probePages);
  const backOfficeResult = await explainBackOffice(explain, backOffice);
  const conversations = await measureConversations(db, explain);
  const savedSearchMatching = await measureSavedSearchMatching(db);

  // ------------------------------------------------------------------------------------- targets
  const { http: http_, visitorRatios, ratio, ratioHomeLike } = visitorLoad;
  const { pages } = visited;
  const targetsChecked = checkTargets({
    dbTimes,
    visitorPages: visited.targets,
    visitorRatios,
    ratio,
    slowestBackOffice: backOfficeResult.slowestBackOffice,
    slowestQueueAndPayments: backOfficeResult.slowestQueueAndPayments,
    conversations,
    searchProbes: probes,
    savedSearchMatching,
  });

  const result = {
    kind: "bench",
    version: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    db: kind,
    dbVersion: db.dbVersion,
    listings: N,
    listingsInTable: Number(count),
    listingsTableSize: size,
    members: MEMBERS,
    reports: REPORTS,
    payments: PAYMENTS,
    listingOwners: BENCH_USER_COUNT,
    localities: localities.length,
    seeding: {
      reusedKeptDatabase: db.reused,
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
    backOffice: backOfficeResult.pages,
    conversations,
    savedSearchMatching,
    explainedPerPage: explained,
    targets: targetsChecked,
    sitemap: { ...sitemap, pages: undefined },
  };
  result.targets.push(...sitemapTargets(sitemap));

  app.close();
  await visitorLoad.closeBaselines();

  // ------------------------------------------------------------------------------------- live updates
  // Idle streams on one process, and a message across two processes over PostgreSQL (bench/live.ts).
  const live = await benchLiveUpdates();
  Object.assign(result, { live: { idle: live.idle, fanOut: live.fanOut } });
  result.targets.push(...live.targets);

  // ------------------------------------------------------------------------------------- report
  printReport(result);
  await writeResults(result);
  failLoudly(result.targets);
}

// Last, so every helper above is initialised before it runs.
try {
  await main();
} finally {
  await db.cleanup();
}
