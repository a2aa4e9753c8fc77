// The visitor pages benchmark (the headline): the home page, a listing page, search (text; text + 25 km) and the
// JSON feed, as a visitor asks for them (no cookie), each under load right before its own baseline, a bare
// node:http server sending the very bytes the app sent (so the pair sees the same load from other work on the
// machine); the home page also rendered every time (a harmless cookie bypasses the shared page cache), next to
// a bare renderToString of the same page and of a home-like page of plain React components
// (bench/baseline-home.tsx). Then EXPLAIN ANALYZE of the SQL each page ran, and of the feed one keyset step deep.
import os from "node:os";
import type { BenchApp, Visit } from "./app";
import type { Raw } from "./database";
import { type DbTime, type ExplainedQuery, type Explainer, hottest, withKeyset } from "./explain";
import { closeServer, fetchAsVisitor, type LoadResult, listen, load } from "./http";
import { log, round } from "./log";
import { args, CONNECTIONS, DURATION, N, ROUNDS, WARMUP } from "./options";

export type VisitedPages = Awaited<ReturnType<typeof visitVisitorPages>>;

/** One request to each visitor page, keeping the SQL the app ran for it (and checking that the page works). */
export async function visitVisitorPages(app: BenchApp, raw: Raw) {
  const { resolveLocationInput } = await import("#core/locations/localities.ts");
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

  const pages: Record<string, Visit> = {};
  for (const target of targets) pages[target.name] = await app.visit(target.path);
  pages[renderedHome.name] = await app.visit(renderedHome.path, renderedHome.headers);
  return { targets, renderedHome, pages };
}

/**
 * The baselines, then every visitor page under load next to its own; returns each run's figures and the
 * headline quotients. `closeBaselines` stops the baselines' servers.
 */
export async function loadVisitorPages(app: BenchApp, visited: VisitedPages) {
  const { base, drained } = app;
  const { targets, renderedHome, pages } = visited;
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
  const homeRender = app.homeRender();
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
      const receivedBefore = app.received();
      const receivedBy = () => app.received() - receivedBefore;
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
  const closeBaselines = async () => {
    for (const { url } of Object.values(bareServers)) await closeServer(url);
    await closeServer(rendered);
    await closeServer(samePage);
  };
  return { http: http_, visitorRatios, ratio, ratioHomeLike, closeBaselines };
}

/** EXPLAIN ANALYZE of each visitor page's SQL: the hottest statement of each, and the feed one keyset step deep. */
export async function visitorDatabaseTimes(explainer: Explainer, raw: Raw, visited: VisitedPages) {
  const { explain, explainPage } = explainer;
  const { targets, pages } = visited;
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
  const dbTimes = {
    feed_first_page: homeQuery,
    feed_deep_page: deep,
    listing_by_id: hottest(explained.listing ?? []),
    search_text: hottest(explained.search_text ?? []),
    search_text_25km: hottest(explained.search_text_25km ?? []),
    api_listings: hottest(explained.api_listings ?? []),
  };
  return { dbTimes, explained };
}
