import { and, asc, eq, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { domainEvents } from "#db/schema/events.ts";
import { logger } from "../shared/logger";
import type { DomainEvent } from "./event-kinds";
import { type EffectDeps, recordEffects } from "./handlers";

/** After this many failed attempts an event is left alone, undispatched, with its last error (System Logs). */
export const MAX_EVENT_ATTEMPTS = 5;
/** How long an event waits after its 1st, 2nd, 3rd and 4th failed attempt. */
export const EVENT_RETRY_DELAYS_SECONDS = [15, 60, 5 * 60, 30 * 60];

/**
 * Turns pending events into their effects, oldest first, up to `limit`. Each event is claimed with
 * FOR UPDATE SKIP LOCKED in its own transaction, its effects are recorded in that transaction and it is marked
 * dispatched there too: however many processes run this at once, each event's effects are recorded once (and
 * the mail it queues is unique by the event's id besides). A handler that fails rolls back its own effects
 * only (a savepoint); the event is tried again later.
 */
export async function dispatchEvents(
  deps: { db: Db } & EffectDeps,
  { limit = 100 }: { limit?: number } = {},
): Promise<{ dispatched: number; failed: number }> {
  const result = { dispatched: 0, failed: 0 };
  const tried: string[] = [];
  while (tried.length < limit) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(domainEvents)
        .where(
          and(
            isNull(domainEvents.dispatchedAt),
            lt(domainEvents.attempts, MAX_EVENT_ATTEMPTS),
            or(isNull(domainEvents.nextAttemptAt), lte(domainEvents.nextAttemptAt, sql`now()`)),
            tried.length ? notInArray(domainEvents.id, tried) : undefined,
          ),
        )
        .orderBy(asc(domainEvents.seq))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      tried.push(row.id);
      const event = { ...row, occurredAt: row.occurredAt } as DomainEvent;
      try {
        await tx.transaction((effects) => recordEffects(effects as unknown as Db, event, deps));
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const attempt = row.attempts + 1;
        const wait = EVENT_RETRY_DELAYS_SECONDS[Math.min(attempt, EVENT_RETRY_DELAYS_SECONDS.length) - 1];
        await tx
          .update(domainEvents)
          .set({
            attempts: attempt,
            lastError: message,
            nextAttemptAt: sql`now() + make_interval(secs => ${wait})`,
          })
          .where(eq(domainEvents.id, row.id));
        logger.error("event dispatch failed", { eventId: row.id, kind: row.kind, attempt, error: message });
        return "failed" as const;
      }
      await tx.update(domainEvents).set({ dispatchedAt: sql`now()` }).where(eq(domainEvents.id, row.id));
      return "dispatched" as const;
    });
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}
