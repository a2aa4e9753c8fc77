import fs from "node:fs";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DbHandle } from "./client";

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

/** Applies every pending migration from the one migration folder shared by both drivers. */
export async function migrate(handle: DbHandle) {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === "pglite") return migratePglite(handle.db as never, config);
  // Several app processes may boot at once against one PostgreSQL: one migrates, the others wait.
  // The lock is held by one pooled session while the migrator uses others.
  const lockSession = await handle.pool!.connect();
  try {
    await lockSession.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(handle.db as never, config);
  } finally {
    await lockSession.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockSession.release();
  }
}

const MIGRATION_LOCK = 7_261_001;

/**
 * When the newest migration in the folder was made (drizzle records it as `created_at` when applied): the
 * readiness probe compares it with what the database has applied.
 */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}
