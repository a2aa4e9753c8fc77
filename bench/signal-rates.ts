// `npx tsx bench/signal-rates.ts [-- --listings 10000]` (DATABASE_URL=postgres://... for PostgreSQL): how many scam
// signals the benchmark's listings raise per 10,000 (decision 098, docs/security.md). The bench seed's listings go
// through the listing checks a member's listing does (the wording table; the bench listings have no picture files,
// so no picture hashes), and the signals raised are counted by kind and by whether the hold would act.
process.env.LOG_LEVEL = "silent";

import { openBenchDatabase } from "./database";
import { log, ms } from "./log";
import { N, root } from "./options";
import { pickLocalities, seedListings, seedMembers } from "./seed";

process.chdir(root);
const db = await openBenchDatabase({ listingsOnly: true });
try {
  const { migrate } = await import("#db/migrate.ts");
  await migrate(db.handle);
  const { checkListingWording, wordingOf } = await import("#core/trust/wording-signals.ts");
  const t = process.hrtime.bigint();
  const localities = pickLocalities(400);
  await seedMembers(db.exec, localities);
  await seedListings(db.exec, N, localities);
  log(`seeded ${N.toLocaleString("en-AU")} listings in ${(ms(t) / 1000).toFixed(1)} s`);
  const rows = (await db.raw("SELECT id, user_id, title, description, wants FROM listings")) as {
    id: string;
    user_id: string;
    title: string;
    description: string;
    wants: string;
  }[];
  const now = new Date();
  const checked = process.hrtime.bigint();
  await db.handle.db.transaction(async (tx) => {
    for (const row of rows)
      await checkListingWording(tx, { listingId: row.id, userId: row.user_id, ...wordingOf(row), now });
  });
  const counts = (await db.raw(
    "SELECT kind, count(*)::int AS n, count(*) FILTER (WHERE held)::int AS held FROM scam_signals GROUP BY kind",
  )) as { kind: string; n: number; held: number }[];
  const per10k = (n: number) => Math.round((n / rows.length) * 10_000 * 10) / 10;
  console.log(
    JSON.stringify({
      db: db.kind,
      listings: rows.length,
      checkMs: Math.round(ms(checked)),
      signals: counts.map((c) => ({ ...c, per10k: per10k(c.n), heldPer10k: per10k(c.held) })),
      totalPer10k: per10k(counts.reduce((sum, c) => sum + c.n, 0)),
    }),
  );
} finally {
  await db.cleanup();
}
