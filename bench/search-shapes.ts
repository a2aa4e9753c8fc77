// The search shapes alone (`npm run bench:search -- --listings 100000`): seeds the listings (no conversations,
// back office or load), then measures each shape of bench/search-probes.ts in the database (EXPLAIN ANALYZE of
// every statement its page ran) and checks issue 27's target, ≤ 15 ms per page, at 100k on PGlite and 1M on
// PostgreSQL. The full `npm run bench` measures the same shapes among its probes.
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "silent";

import { startApp } from "./app";
import { ensureBuild, serverEntry } from "./build";
import { openBenchDatabase } from "./database";
import { explainer } from "./explain";
import { log, ms } from "./log";
import { KIND as kind, N, root } from "./options";
import { explainSearchProbes, visitSearchShapes } from "./search-probes";
import { pickLocalities, seedListings, seedMembers } from "./seed";
import { check, failLoudly } from "./targets";

process.chdir(root);
ensureBuild();
const db = await openBenchDatabase({ listingsOnly: true });

try {
  const { migrate } = await import("#db/migrate.ts");
  await migrate(db.handle);
  const localities = pickLocalities(400);
  if (!db.reused) {
    const started = process.hrtime.bigint();
    await seedMembers(db.exec, localities);
    await seedListings(db.exec, N, localities, (done) =>
      log(`seeded ${done.toLocaleString("en-AU")} listings (${(ms(started) / 1000).toFixed(1)} s)`),
    );
    await db.exec("VACUUM ANALYZE");
  }
  const app = await startApp(db, serverEntry);
  // Twice: the first visit warms the caches (and PGlite's statement cache), the second is measured.
  await visitSearchShapes(app, { warm: true });
  const pages = await visitSearchShapes(app);
  if (process.env.BENCH_SHOW_SQL)
    for (const q of pages[process.env.BENCH_SHOW_SQL]?.queries ?? [])
      console.log(
        `\n>>> ${q.query.replace(/^select .*? from \(select/s, "select ... from (select")}\n${JSON.stringify(q.params)}`,
      );
  const probes = await explainSearchProbes(explainer(db), pages);
  app.close();
  const targets = Object.entries(probes).map(([, probe]) =>
    check(
      `Search: ${probe.label}: database time`,
      "≤ 15 ms",
      probe.db?.pageTotalMs,
      (v) => v <= 15,
      "1M listings on PostgreSQL, 100k on PGlite",
    ),
  );
  console.log(`\nSearch shapes at ${N.toLocaleString("en-AU")} listings on ${kind} (${db.dbVersion})`);
  for (const [name, probe] of Object.entries(probes)) {
    const statements = probe.statements.map((s) => s.executionMs.toFixed(2)).join(" + ");
    console.log(
      `${name.padEnd(22)} ${String(probe.db?.pageTotalMs ?? "-").padStart(7)} ms  ${String(probe.listingLinks).padStart(3)} cards  [${statements}]  ${probe.label}`,
    );
  }
  if (process.env.BENCH_SHOW_PLANS)
    for (const [name, probe] of Object.entries(probes))
      for (const s of probe.statements) console.log(`\n--- ${name} ${s.executionMs} ms\n${s.sql}\n${s.plan}`);
  failLoudly(targets);
} finally {
  await db.cleanup();
}
// Done: the app's notification listener on PostgreSQL (and idle keep-alive sockets) would hold the process open
// for minutes after the figures are out.
process.exit();
