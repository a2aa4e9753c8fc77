import type { Db } from "#db/client.ts";
import { logger } from "../shared/logger";
import { dispatchEvents } from "./dispatch-events";

/**
 * What a use case calls once its transaction has committed: the events it recorded are dispatched now, so the
 * member's mail is queued before the page answers. Never throws: the change has happened, and whatever could not
 * be dispatched now the background dispatcher (server/background.ts) picks up within seconds. Without `env` (a
 * use case called from inside another's transaction, or a test) it leaves that to the background dispatcher.
 */
export async function deliverAfterCommit(deps: { db: Db; env?: { APP_URL: string } }): Promise<void> {
  if (!deps.env) return;
  try {
    await dispatchEvents({ db: deps.db, appUrl: deps.env.APP_URL });
  } catch (error) {
    logger.error("event dispatch after commit failed", { error: String(error) });
  }
}
