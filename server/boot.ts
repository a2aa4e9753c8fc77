import { openDatabase, type DbHandle } from "../db/client";
import { migrate } from "../db/migrate";
import { logger } from "../core/shared/logger";
import { acquireDataLock } from "./data-lock";
import type { Env } from "./env";

/** Opens the configured database (locking PGlite's directory first) and brings its schema up to date. */
export async function openAppDatabase(env: Env): Promise<DbHandle> {
  const embedded = !env.DATABASE_URL;
  if (embedded) acquireDataLock(env.DATA_DIR);
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(handle);
  logger.info("database ready", { kind: handle.kind, location: embedded ? env.DATA_DIR : "DATABASE_URL" });
  return handle;
}
