// The benchmark's report: the summary printed at the end of a run, and the results file
// (bench/results/<timestamp>-<pglite|postgres>-<N>.json) with docs/performance.md regenerated from it.
import fs from "node:fs";
import path from "node:path";
import type { measureConversations } from "./conversations";
import type { DbTime } from "./explain";
import type { LoadResult } from "./http";
import { log } from "./log";
import { args, KIND, N, root } from "./options";
import type { check } from "./targets";

export function printReport(r: {
  db: string;
  listings: number;
  seeding: { totalMs: number; insertMs: number };
  http: Record<string, LoadResult & { label: string; bytes: number }>;
  database: Record<string, DbTime | null>;
  searchProbes: Record<string, { label: string; status: number; listingLinks: number; db: DbTime | null }>;
  targets: ReturnType<typeof check>[];
  conversations: Awaited<ReturnType<typeof measureConversations>>;
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
  console.log(
    `\n${pad("A member's conversations and notices (database)", 70)}${lpad("DB ms", 9)}${lpad("stmts", 6)}${lpad("in-process ms", 15)}  answer`,
  );
  for (const q of r.conversations.queries) {
    console.log(
      `${pad(q.label.slice(0, 69), 70)}${lpad(q.dbMs.toFixed(3), 9)}${lpad(String(q.statements), 6)}${lpad(q.wallMedianMs.toFixed(3), 15)}  ${q.answer}`,
    );
    if (q.slowest) for (const line of q.slowest.plan.split("\n").slice(0, 6)) console.log(`${" ".repeat(8)}${line}`);
  }
  for (const t of r.conversations.contactRule) {
    console.log(
      `${pad(`Contact rule, ${t.name} (${t.characters} characters)`, 70)} median ${t.medianMs} ms, p99 ${t.p99Ms} ms`,
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

/** Writes the results file and, unless --no-docs, regenerates docs/performance.md from the results. */
export async function writeResults(result: { finishedAt: string }) {
  const resultsDir = path.join(root, "bench/results");
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `${result.finishedAt.replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}-${KIND}-${N}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${path.relative(root, file)}`);
  if (!args["no-docs"]) {
    const { regenerateDocs } = await import("./docs.mjs");
    regenerateDocs(root);
    log("updated docs/performance.md");
  }
}
