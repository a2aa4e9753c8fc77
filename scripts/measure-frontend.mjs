// `npm run measure:frontend [-- --build --pages home,search,listing,auth --runs 1]`
//
// Starts the production build on a fresh, seeded PGlite (the demo seed: real members, listings and
// pictures) and, for the home page, search, a listing page and sign-in, reports:
// - the JavaScript each page loads first, two ways (target: ≤ 100 KB gzip per page):
//   - before its first paint: what the HTML makes the browser fetch before it can paint (modulepreloads,
//     module scripts' src and static imports, and their static imports), and, from Lighthouse's own network
//     log, the scripts Chromium really asked for before the first contentful paint it observed;
//   - to hydrate: everything the page loads without any interaction, including the modules its boot script
//     imports after the first paint (decision 020).
//   Sizes as the server sends them: the bytes answered to `Accept-Encoding: gzip` (the build's precompressed
//   .gz, or on-the-fly gzip) and to Chromium's `gzip, deflate, br, zstd` (brotli).
// - what each page's HTML is made of, in bytes (scripts/html-weight.mjs: class attributes, inline SVG,
//   hydration data, text...);
// - Lighthouse in its default (mobile) configuration on Debian Chromium: the four category scores and every
//   audit that does not pass. Target: 100 in each category.
// Writes bench/results/frontend-<timestamp>.json and the "Front end" block of docs/performance.md.
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { formatWeight, htmlWeight } from "./html-weight.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "silent";

const { values: args } = parseArgs({
  options: {
    build: { type: "boolean", default: false },
    pages: { type: "string", default: "home,search,listing,auth" },
    runs: { type: "string", default: "1" },
    "no-lighthouse": { type: "boolean", default: false },
    "no-docs": { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const log = (...parts) => console.log(`[frontend ${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ---------------------------------------------------------------------------------------------- build
const serverEntry = path.join(root, "build/server/index.js");
const clientDir = path.join(root, "build/client");
if (args.build || !fs.existsSync(serverEntry)) {
  log("building (npx react-router build)...");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
} else {
  const newest = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const full = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }, 0);
  const sources = ["app", "core", "db", "server", "public"].map((d) => path.join(root, d)).filter(fs.existsSync);
  if (Math.max(...sources.map(newest)) > fs.statSync(serverEntry).mtimeMs) {
    log("WARNING: the build is older than the sources (or migrations); pass --build to rebuild first");
  }
}

// ------------------------------------------------------------------------------------- app + seed
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-frontend-"));
const { createServer } = await import("node:net");
const port = await new Promise((resolve, reject) => {
  const s = createServer();
  s.once("error", reject);
  s.listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
Object.assign(process.env, {
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  RUN_JOBS: "false",
});
delete process.env.DATABASE_URL;
const { startApp } = await import(serverEntry);
const { serve } = await import("@hono/node-server");
let started;
try {
  started = await startApp({ clientDir: path.relative(process.cwd(), clientDir) || "." });
} catch (error) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw error;
}
const server = serve({ fetch: started.app.fetch, port, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://localhost:${port}`;
log(`app on ${base}, data in ${dataDir}`);

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  server.close();
  await started.stopBackground();
  await started.handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

async function main() {
  const startedAt = new Date().toISOString();
  // The demo seed, through the app's own /seed action (allowed on the embedded database).
  let t = Date.now();
  const seeded = await fetch(`${base}/seed`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: "",
    redirect: "manual",
  });
  if (seeded.status >= 400) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
  const { listings } = await (await fetch(`${base}/api/v1/listings?limit=50`)).json();
  if (!listings?.length) throw new Error("seeding produced no listings");
  log(`seeded the demo data (${listings.length} public listings) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const listing = listings[0];
  // A word from a listing's title, so the search page shows results.
  const word = listing.title
    .split(/\W+/)
    .sort((a, b) => b.length - a.length)[0]
    .toLowerCase();

  const all = {
    home: "/",
    search: `/search?q=${encodeURIComponent(word)}`,
    listing: `/listings/${listing.id}`,
    auth: "/auth",
  };
  const names = args.pages.split(",").filter((n) => n in all);
  const pages = [];
  for (const name of names) {
    const pagePath = all[name];
    const response = await fetch(base + pagePath);
    const html = await response.text();
    if (response.status !== 200) log(`WARNING: ${pagePath} answered ${response.status}`);
    const js = await measureServed(firstLoadJs(html, { deferred: true }));
    const beforePaint = await measureServed(firstLoadJs(html, { deferred: false }));
    log(
      `${name} ${pagePath}: ${response.status}, HTML ${(html.length / 1024).toFixed(1)} KB, JS before first paint ${(beforePaint.totalGzipBytes / 1024).toFixed(1)} KB gzip, JS to hydrate ${js.files.length} files, ${(js.totalGzipBytes / 1024).toFixed(1)} KB gzip, ${(js.totalServedBytes / 1024).toFixed(1)} KB sent to Chromium (${(js.totalBytes / 1024).toFixed(1)} KB raw)`,
    );
    // What the server sends a browser that accepts compression: the page, its largest script, its stylesheet.
    const css = html.match(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/)?.[1] ?? null;
    const compression = {
      html: await contentEncoding(base + pagePath),
      largestScript: js.files[0] ? await contentEncoding(base + js.files[0].file) : null,
      stylesheet: css ? await contentEncoding(base + css) : null,
    };
    // What the HTML itself is made of (scripts/html-weight.mjs): class attributes, inline SVG, hydration data...
    const htmlParts = htmlWeight(html);
    log(`${name} HTML: ${formatWeight(htmlParts).replaceAll("\n", "\n    ")}`);
    pages.push({
      name,
      path: pagePath,
      status: response.status,
      htmlBytes: Buffer.byteLength(html),
      htmlGzipBytes: zlib.gzipSync(html).length,
      htmlParts: {
        parts: htmlParts.parts,
        classAttributes: htmlParts.classAttributes,
        svgElements: htmlParts.svgElements,
      },
      compression,
      js,
      beforePaint,
    });
  }
  const uncompressed = pages.flatMap((p) =>
    Object.entries(p.compression)
      .filter(([, v]) => v === "none")
      .map(([k]) => `${p.name} ${k}`),
  );
  if (uncompressed.length) log(`sent without compression (Accept-Encoding: gzip, br): ${uncompressed.join(", ")}`);

  let lighthouseVersion = null;
  let chrome = null;
  if (!args["no-lighthouse"]) {
    const lighthouse = (await import("lighthouse")).default;
    const chromeLauncher = await import("chrome-launcher");
    lighthouseVersion = JSON.parse(
      fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"),
    ).version;
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse's trace recording fails now and then (NO_NAVSTART, NO_FCP): such a run is retried.
        let summary = null;
        for (let attempt = 1; attempt <= 3; attempt++) {
          t = Date.now();
          summary = await runLighthouse(lighthouse, chromeLauncher, base + page.path, `${page.name}-${i}-${attempt}`);
          chrome = summary.chrome ?? chrome;
          const failed = summary.error || summary.runtimeError || summary.scores.performance == null;
          log(
            `lighthouse ${page.name} (${((Date.now() - t) / 1000).toFixed(0)} s): ` +
              (summary.error
                ? `error ${summary.error}`
                : Object.entries(summary.scores)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(", ")) +
              (summary.runtimeError ? ` (${summary.runtimeError.code})` : "") +
              (failed && attempt < 3 ? ": retrying" : ""),
          );
          if (!failed) break;
        }
        runs.push(summary);
      }
      // With several runs, keep the one with the median performance score.
      const ok = runs
        .filter((r) => !r.error && r.scores.performance != null)
        .sort((a, b) => a.scores.performance - b.scores.performance);
      page.lighthouse = ok.length
        ? { ...ok[Math.floor(ok.length / 2)], runs: runs.map((r) => r.scores ?? { error: r.error }) }
        : runs[0];
    }
  }

  const result = {
    kind: "frontend",
    version: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    lighthouseVersion,
    chrome: chrome ?? execSync("/usr/bin/chromium --version 2>/dev/null || true").toString().trim(),
    machine: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model },
    build: { serverEntryMtime: fs.statSync(serverEntry).mtime.toISOString() },
    pages,
  };

  printReport(result);
  const dir = path.join(root, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `frontend-${result.finishedAt.replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${path.relative(root, file)}`);
  if (!args["no-docs"]) {
    const { regenerateDocs } = await import("../bench/docs.mjs");
    regenerateDocs(root);
    log("updated docs/performance.md");
  }
}

/** The Content-Encoding the server answers to `Accept-Encoding: gzip, deflate, br` ("none" when absent). */
function contentEncoding(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => {
        res.resume();
        resolve(res.headers["content-encoding"] ?? "none");
      })
      .on("error", reject);
  });
}

/** The size and Content-Encoding of `url` as the server answers `acceptEncoding` (the body is not decoded). */
function served(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
        });
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "none" }));
      })
      .on("error", reject);
  });
}

/**
 * Adds to each first-load file what the server really sends: `gzipBytes` for a client accepting only gzip
 * (zlib's default level if the server sent it uncompressed), `servedBytes`/`servedEncoding` for Chromium.
 */
async function measureServed(js) {
  for (const f of js.files) {
    const gz = await served(base + f.file, "gzip");
    f.gzipBytes =
      gz.encoding === "gzip" ? gz.bytes : zlib.gzipSync(fs.readFileSync(path.join(clientDir, f.file))).length;
    const chromium = await served(base + f.file, "gzip, deflate, br, zstd");
    f.servedBytes = chromium.bytes;
    f.servedEncoding = chromium.encoding;
  }
  js.files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  js.totalGzipBytes = js.files.reduce((s, f) => s + f.gzipBytes, 0);
  js.totalServedBytes = js.files.reduce((s, f) => s + f.servedBytes, 0);
  return js;
}

/** One Lighthouse run in a fresh Chromium with a fresh profile; the flags are those docs/STACK.md lists. */
async function runLighthouse(lighthouse, chromeLauncher, url, dumpName) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-lh-chrome-"));
  const browser = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`],
    userDataDir: false,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, { port: browser.port, output: "json", logLevel: "error" });
    if (process.env.LH_DUMP_DIR)
      fs.writeFileSync(path.join(process.env.LH_DUMP_DIR, `${dumpName}.json`), JSON.stringify(result.lhr));
    return {
      ...summarise(result.lhr),
      chrome: result.lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? null,
    };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  } finally {
    await browser.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * The JavaScript a page loads without any interaction: every <script type="module" src>, every
 * modulepreload, every module the inline module scripts import statically, and, recursively, the static
 * imports of those files. With `deferred`, also what the inline module scripts import with import() (the
 * boot script does so after the first paint): the JavaScript the page needs to hydrate. Without it, what the
 * browser must fetch before it can paint. Lazy import() inside the bundles is never counted.
 */
function firstLoadJs(html, { deferred }) {
  const roots = new Set();
  const asset = (href) => (href.startsWith("/") && href.endsWith(".js") ? href.split("?")[0] : null);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="modulepreload"/.test(m[0])) continue;
    const href = asset(m[0].match(/\bhref="([^"]+)"/)?.[1] ?? "");
    if (href) roots.add(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs, body] = m;
    if (!/\btype="module"/.test(attrs)) continue;
    const src = asset(attrs.match(/\bsrc="([^"]+)"/)?.[1] ?? "");
    if (src) roots.add(src);
    const imports = deferred
      ? /(?:from\s*|import\s*\(?\s*)["']([^"']+)["']/g
      : /(?:\bfrom\s*|^\s*;?\s*import\s*)["']([^"']+)["']/gm;
    for (const im of body.matchAll(imports)) {
      const href = asset(im[1]);
      if (href) roots.add(href);
    }
  }
  const seen = new Set();
  const queue = [...roots];
  const missing = [];
  while (queue.length) {
    const href = queue.shift();
    if (seen.has(href)) continue;
    seen.add(href);
    const file = path.join(clientDir, href);
    if (!fs.existsSync(file)) {
      missing.push(href);
      continue;
    }
    const code = fs.readFileSync(file, "utf8");
    // Static imports in Vite's output: import{a as b}from"./x.js"; import"./x.js"; export{...}from"./x.js".
    for (const im of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(href), im[1]));
    }
  }
  const files = [...seen]
    .filter((href) => !missing.includes(href))
    .map((href) => {
      const bytes = fs.readFileSync(path.join(clientDir, href));
      return { file: href, bytes: bytes.length, gzipBytes: zlib.gzipSync(bytes).length, inHtml: roots.has(href) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    missing,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  };
}

/** Scores ×100, key metrics, and every scored audit below 1 (title, score, the figure Lighthouse shows). */
function summarise(lhr) {
  const scores = {};
  const failing = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    scores[id] = category.score == null ? null : Math.round(category.score * 100);
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (
        !audit ||
        audit.scoreDisplayMode === "notApplicable" ||
        audit.scoreDisplayMode === "informative" ||
        audit.scoreDisplayMode === "manual"
      )
        continue;
      if (audit.score == null || audit.score >= 1) continue;
      if (ref.weight === 0 && audit.scoreDisplayMode === "metricSavings" && audit.score >= 0.9) continue;
      failing.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? "",
        items: (Array.isArray(audit.details?.items) ? audit.details.items : [])
          .map((item) => describeItem(item))
          .filter(Boolean)
          .slice(0, 5),
      });
    }
  }
  failing.sort((a, b) => b.weight - a.weight || a.score - b.score);
  const metric = (id) => lhr.audits[id]?.displayValue ?? null;
  return {
    scores,
    metrics: {
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      si: metric("speed-index"),
    },
    failing,
    scripts: scriptsAroundFirstPaint(lhr),
    runWarnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError ?? null,
  };
}

/**
 * From Lighthouse's own network log of the (unthrottled) load it observed: the scripts Chromium asked for
 * before the first contentful paint, and those after it, with the bytes it received for each.
 */
function scriptsAroundFirstPaint(lhr) {
  const observed = lhr.audits.metrics?.details?.items?.[0];
  const network = lhr.audits["network-requests"]?.details;
  const origin = network?.debugData?.networkStartTimeTs;
  if (!observed?.observedFirstContentfulPaintTs || origin == null || !Array.isArray(network.items)) return null;
  // Trace timestamps are in microseconds; the network log's times are milliseconds from its first request.
  const scripts = network.items
    .filter((r) => r.resourceType === "Script" && r.rendererStartTime != null)
    .map((r) => {
      const requestedTs = origin + r.rendererStartTime * 1000;
      return {
        file: new URL(r.url).pathname,
        requestedMs: Math.round((requestedTs - observed.observedTimeOriginTs) / 100) / 10,
        beforePaint: requestedTs < observed.observedFirstContentfulPaintTs,
        transferBytes: r.transferSize ?? 0,
      };
    });
  const before = scripts.filter((r) => r.beforePaint);
  const after = scripts.filter((r) => !r.beforePaint);
  const sum = (list) => list.reduce((total, r) => total + r.transferBytes, 0);
  return {
    firstContentfulPaintMs: Math.round(observed.observedFirstContentfulPaint),
    beforeFirstPaint: { files: before, transferBytes: sum(before) },
    afterFirstPaint: {
      count: after.length,
      transferBytes: sum(after),
      firstRequestedMs: after.length ? Math.min(...after.map((r) => r.requestedMs)) : null,
    },
  };
}

function describeItem(item) {
  if (item.type === "node")
    return `${item.snippet ?? item.selector ?? ""}${item.explanation ? ` (${item.explanation.split("\n")[0]})` : ""}`;
  if (item.node?.snippet)
    return `${item.node.snippet}${item.node.explanation ? ` (${item.node.explanation.split("\n")[0]})` : ""}`;
  if (typeof item.url === "string") return item.url;
  if (typeof item.source?.url === "string") return item.source.url;
  if (typeof item.groupLabel === "string") return `${item.groupLabel}: ${Math.round(item.duration ?? 0)} ms`;
  return null;
}

function printReport(result) {
  console.log("");
  console.log(
    "Page                      JS before paint gz KB (≤ 100)  to hydrate gz KB  br KB  files   perf  a11y    bp   seo",
  );
  for (const p of result.pages) {
    const s = p.lighthouse?.scores ?? {};
    const cell = (v) => String(v ?? "n/a").padStart(6);
    const before = p.beforePaint.totalGzipBytes;
    console.log(
      `${`${p.name} ${p.path}`.slice(0, 25).padEnd(26)}${(before / 1024).toFixed(1).padStart(8)} ${before <= 100 * 1024 ? "pass" : "FAIL"}${" ".repeat(18)}${(p.js.totalGzipBytes / 1024).toFixed(1).padStart(8)}${(p.js.totalServedBytes / 1024).toFixed(1).padStart(7)}${String(p.js.files.length).padStart(7)}${cell(s.performance)}${cell(s.accessibility)}${cell(s["best-practices"])}${cell(s.seo)}`,
    );
  }
  for (const p of result.pages) {
    if (!p.lighthouse) continue;
    if (p.lighthouse.error) {
      console.log(`\n${p.name}: Lighthouse error: ${p.lighthouse.error}`);
      continue;
    }
    console.log(
      `\n${p.name} (${p.path}): ${Object.entries(p.lighthouse.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    const scripts = p.lighthouse.scripts;
    if (scripts) {
      console.log(
        `  observed: first contentful paint at ${scripts.firstContentfulPaintMs} ms; scripts requested before it: ${scripts.beforeFirstPaint.files.length} (${(scripts.beforeFirstPaint.transferBytes / 1024).toFixed(1)} KB); after it: ${scripts.afterFirstPaint.count} (${(scripts.afterFirstPaint.transferBytes / 1024).toFixed(1)} KB, the first at ${scripts.afterFirstPaint.firstRequestedMs} ms)`,
      );
    }
    for (const a of p.lighthouse.failing) {
      const kind = a.weight > 0 ? `weight ${a.weight}` : "diagnostic, weight 0";
      console.log(
        `  [${a.category}] ${a.title} (${a.id}) score ${a.score}, ${kind}${a.displayValue ? `: ${a.displayValue}` : ""}`,
      );
      for (const item of a.items.slice(0, 3)) console.log(`      ${item.slice(0, 160)}`);
    }
  }
  console.log("");
}
