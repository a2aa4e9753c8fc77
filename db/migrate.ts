import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DbHandle } from "./client";

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

/** Applies every pending migration from the one migration folder shared by both drivers. */
export async function migrate(handle: DbHandle) {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === "postgres") await migratePg(handle.db as never, config);
  else await migratePglite(handle.db as never, config);
}
