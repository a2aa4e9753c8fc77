// The benchmark's database: PGlite in a fresh temp DATA_DIR, or a fresh `swapshed_bench` database on the server
// DATABASE_URL points at (or the one a --keep run left, with --reuse). Opened exactly as the app opens it
// (db/client.ts: pool size, PGlite extensions); the app is given a second Drizzle instance over the same
// connection(s) whose logger lets the benchmark see the SQL it runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "./log";
import { args, KIND as kind, N } from "./options";
import { BENCH_SWAP_COUNT, type Exec } from "./seed";

type DbHandle = import("#db/client.ts").DbHandle;
export type Raw = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** One SQL statement the app ran while capturing was on (Drizzle's logger on the app's own instance). */
export type Captured = { query: string; params: unknown[] };
let capturing: Captured[] | null = null;
const queryLogger = { logQuery: (query: string, params: unknown[]) => capturing?.push({ query, params }) };

/** From now on, every statement the app runs is kept, until stopCapturing hands them over. */
export function startCapturing() {
  capturing = [];
}

export function stopCapturing(): Captured[] {
  const queries = capturing ?? [];
  capturing = null;
  return queries;
}

export type BenchDatabase = {
  kind: "pglite" | "postgres";
  /** The app's handle: its Drizzle instance logs to the capture. */
  handle: DbHandle;
  raw: Raw;
  exec: Exec;
  benchUrl?: string;
  dataDir?: string;
  dbVersion: string;
  pgliteClient?: import("@electric-sql/pglite").PGlite;
  /** Whether this run measures a kept database (--reuse) instead of seeding one. */
  reused: boolean;
  /** Closes the handle and drops the database (unless --keep); once only. */
  cleanup: () => Promise<void>;
};

/** The bench database's name: BENCH_DB_NAME gives another, so that two runs on one server (a kept 1M database and
 *  someone else's fresh run) do not drop each other's. */
const BENCH_DB = process.env.BENCH_DB_NAME ?? "swapshed_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error("BENCH_DB_NAME must be a plain lower-case identifier");

/** `listingsOnly`: the run seeds listings alone (bench:search), so a kept database of its own fits without the full
 *  run's payments. */
export async function openBenchDatabase({ listingsOnly = false } = {}): Promise<BenchDatabase> {
  const pg = (await import("pg")).default;
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
  const schema = await import("#db/schema/index.ts");
  const { openDatabase } = await import("#db/client.ts");

  const databaseUrl = process.env.DATABASE_URL;
  let benchUrl: string | undefined;
  let dataDir: string | undefined;

  async function adminQuery(text: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  /** Whether the kept bench database holds this run's N listings (and the swaps' 2 per swap), seeded to the end
   *  (bench:search seeds the listings only, then VACUUM ANALYZE: no swaps or payments). */
  async function keptDatabaseFits(url: string): Promise<boolean> {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query("select count(*)::int as n from listings");
      const payments = await client.query("select count(*)::int as n from payment_logs");
      if (listingsOnly) return rows[0].n === N && payments.rows[0].n === 0;
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

  let cleanedUp = false;
  const opened = await openDatabase({ url: benchUrl, dataDir });
  let handle: DbHandle;
  let raw: Raw;
  let exec: Exec;
  let pgliteClient: import("@electric-sql/pglite").PGlite | undefined;
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
  const dbVersion = String((await raw("select version() as v"))[0].v);

  async function cleanup() {
    if (cleanedUp) return;
    cleanedUp = true;
    await handle.close().catch(() => {});
    if (args.keep) return log(`kept the database (${benchUrl ?? dataDir})`);
    if (kind === "postgres") await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { kind, handle, raw, exec, benchUrl, dataDir, dbVersion, pgliteClient, reused, cleanup };
}
