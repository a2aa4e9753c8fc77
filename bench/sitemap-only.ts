// `npm run bench:sitemap [-- --listings 1000000] [--keep] [--reuse]`: the sitemaps alone (bench/sitemap.ts), without the full run's
// members, swaps, conversations and load. Seeds the bench's listings into its own database (PGlite in a temp
// directory, or a fresh `swapshed_sitemap_bench` on the server DATABASE_URL names, so it never meets the full
// bench's database), asks the app through `app.request` (no port, no pages: the sitemaps are Hono routes), prints
// the figures and the targets, and drops the database.
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "silent";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { log, ms } from "./log";
import { args, KIND as kind, N, root } from "./options";
import { pickLocalities, seedListings, seedMembers } from "./seed";
import { measureSitemap, sitemapTargets } from "./sitemap";
import { failLoudly } from "./targets";

process.chdir(root);
const pg = (await import("pg")).default;
const { openDatabase } = await import("#db/client.ts");
const { migrate } = await import("#db/migrate.ts");
const { parseEnv } = await import("#server/env.ts");
const { createApp } = await import("#server/app.ts");

const DB_NAME = "swapshed_sitemap_bench";
async function admin(text: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let url: string | undefined;
let dataDir: string | undefined;
if (kind === "postgres") {
  const address = new URL(process.env.DATABASE_URL as string);
  address.pathname = `/${DB_NAME}`;
  url = address.toString();
  if (!args.reuse) {
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DB_NAME}`);
  }
} else {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-sitemap-bench-"));
}
const handle = await openDatabase({ url, dataDir });
try {
  await migrate(handle);
  const exec =
    handle.kind === "postgres"
      ? (text: string) => (handle.pool as import("pg").Pool).query(text)
      : (text: string) =>
          (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client.exec(text);
  const localities = pickLocalities(400);
  // --reuse (PostgreSQL, after a --keep run with the same --listings): measure again without seeding.
  if (!(args.reuse && url)) await seedMembers(exec, localities);
  const started = process.hrtime.bigint();
  if (!(args.reuse && url))
    await seedListings(exec, N, localities, (done) =>
      log(
        `seeded ${done.toLocaleString("en-AU")} / ${N.toLocaleString("en-AU")} listings (${(ms(started) / 1000).toFixed(1)} s)`,
      ),
    );
  await exec("VACUUM ANALYZE");
  const env = parseEnv({
    NODE_ENV: "production",
    APP_URL: "http://127.0.0.1:3000",
    RUN_JOBS: "false",
    ALLOW_TEST_PAYMENTS: "true",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }),
  });
  const { app } = createApp({ db: handle.db, env });
  const figures = await measureSitemap((p) => Promise.resolve(app.request(p)));
  const targets = sitemapTargets(figures);
  console.log(JSON.stringify({ db: kind, listings: N, ...figures, pages: undefined, targets }, null, 2));
  failLoudly(targets);
} finally {
  await handle.close();
  if (kind === "postgres" && !args.keep) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
