// `npx tsx bench/saved-search-matching-only.ts [-- --listings 100000 --members 10000]` (DATABASE_URL=postgres://...
// for PostgreSQL): just the saved-search matching benchmark (bench/saved-search-matching.ts) on a fresh bench
// database of its own (listings, members, 100,000 saved searches), without the pages, the load or the back office.
// `npm run bench` runs the same measurement as one of its steps.
process.env.LOG_LEVEL = "silent";

import { seedExtraMembers } from "./back-office";
import { openBenchDatabase } from "./database";
import { log, ms } from "./log";
import { MEMBERS, N, root } from "./options";
import { measureSavedSearchMatching, seedSavedSearches } from "./saved-search-matching";
import { BENCH_USER_COUNT, pickLocalities, seedListings, seedMembers } from "./seed";

process.chdir(root);
const db = await openBenchDatabase();
try {
  const { migrate } = await import("#db/migrate.ts");
  await migrate(db.handle);
  const localities = pickLocalities(400);
  const t = process.hrtime.bigint();
  await seedMembers(db.exec, localities);
  await seedListings(db.exec, N, localities);
  await seedExtraMembers(db.exec, BENCH_USER_COUNT, MEMBERS - 1);
  await seedSavedSearches(db.exec, localities, MEMBERS);
  await db.exec("VACUUM ANALYZE");
  log(`seeded ${N.toLocaleString("en-AU")} listings and the saved searches in ${(ms(t) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify({ db: db.kind, listings: N, ...(await measureSavedSearchMatching(db)) }));
} finally {
  await db.cleanup();
}
