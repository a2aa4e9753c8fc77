import type { DbHandle } from "#db/client.ts";
import { openAppDatabase } from "../boot";
import { DataDirectoryInUse } from "../data-lock";
import type { Env } from "../env";

/**
 * How the tools that work on the live database (migrate, seed, staff) open it: through the app's own
 * `openAppDatabase`, so on the embedded database the data lock is taken first and the tool refuses while the app
 * (or another tool) has the directory. PGlite does not lock it itself, and two processes on it corrupt it silently.
 * The refusal is printed as a clear message (with `refusalHint` after it) and the tool exits 1, never a stack trace.
 * (`snapshot:restore` takes the lock itself: it replaces the directory before it opens it.)
 */
export async function openCliDatabase(env: Env, refusalHint?: string): Promise<DbHandle> {
  try {
    return await openAppDatabase(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (refusalHint && error instanceof DataDirectoryInUse) console.error(refusalHint);
    process.exit(1);
  }
}
