import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import { noticeDueMatches } from "./notice-due-matches";

/**
 * The background job (server/background.ts, every 15 seconds): every saved search whose untold matches are due
 * gets its one notice, recorded as an event in one transaction (SKIP LOCKED: once across processes); the
 * dispatcher turns them into notices and e-mails. Returns how many searches were told.
 */
export function noticeDueSavedSearches({ db, clock }: { db: Db; clock: Clock }): Promise<number> {
  return db.transaction((tx) => noticeDueMatches(tx as unknown as Db, { now: clock.now() }));
}
