import { openDatabase, type DbHandle } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { logger } from "#core/shared/logger.ts";
import { removeAbandonedFiles } from "#core/storage/pending-files.ts";
import { acquireDataLock } from "./data-lock";
import type { Env } from "./env";
import { storageFromEnv } from "./storage";

/**
 * Opens the configured database (locking PGlite's directory first) and brings its schema up to date. Embedded, the
 * lock says no other process writes here: every pending file is a crash's leftover, and is deleted now.
 */
export async function openAppDatabase(env: Env): Promise<DbHandle> {
  const embedded = !env.DATABASE_URL;
  if (embedded) acquireDataLock(env.DATA_DIR);
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(handle);
  if (embedded) {
    const removed = await removeAbandonedFiles({
      db: handle.db,
      storage: storageFromEnv(env),
      now: new Date(),
      everything: true,
    });
    if (removed) logger.info("files of interrupted uploads removed", { files: removed });
  }
  logger.info("database ready", { kind: handle.kind, location: embedded ? env.DATA_DIR : "DATABASE_URL" });
  return handle;
}
