import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { smsOutbox } from "#db/schema/ops.ts";
import { logger } from "../shared/logger";

/** One text message as the app composes it; `template` names it for tests and the logs. */
export type OutgoingSms = { to: string; body: string; template: string };

/** Where texts go: the outbox itself (development, demos, tests) or an SMS provider's HTTP API. */
export interface SmsProvider {
  /** Resolves with the provider's id for the message once it is accepted; rejects when it was not. */
  send(sms: OutgoingSms & { id: string }): Promise<{ providerId: string | null }>;
}

/** A refusal that trying again cannot fix (the provider answered 4xx): recorded, never retried. */
export class SmsRejectedError extends Error {}

/** As for mail (core/mail/mailer.ts): five attempts at most, spread over about two and a half hours. */
export const MAX_SMS_ATTEMPTS = 5;
export const SMS_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60];

function retryDelaySeconds(failedAttempts: number): number {
  return SMS_RETRY_DELAYS_SECONDS[Math.min(failedAttempts, SMS_RETRY_DELAYS_SECONDS.length) - 1];
}

/**
 * Queues a text. Pass the transaction of the action that causes it: the row commits or rolls back with that
 * action, so a refused action sends nothing. `deliverPendingSms` sends it after the commit.
 */
export async function enqueueSms(db: Db, sms: OutgoingSms, { userId }: { userId: string | null }) {
  const [row] = await db
    .insert(smsOutbox)
    .values({ toPhone: sms.to, body: sms.body, template: sms.template, userId })
    .returning();
  return { id: row.id };
}

/**
 * Sends up to `limit` unsent texts, oldest first, and records the outcome of each, exactly as
 * `deliverPendingMail` does: each row claimed in its own short transaction with FOR UPDATE SKIP LOCKED (several
 * processes never send one text twice), a failure tried again after SMS_RETRY_DELAYS_SECONDS up to
 * MAX_SMS_ATTEMPTS. A provider's 4xx (SmsRejectedError) is final: the error is kept and the row left alone.
 * `only` narrows it to given rows (the request that queued a code sends just that one).
 */
export async function deliverPendingSms(
  db: Db,
  provider: SmsProvider,
  { limit = 20, maxAttempts = MAX_SMS_ATTEMPTS, only }: { limit?: number; maxAttempts?: number; only?: string[] } = {},
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const tried: string[] = [];
  while (tried.length < limit) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(smsOutbox)
        .where(
          and(
            isNull(smsOutbox.sentAt),
            lt(smsOutbox.attempts, maxAttempts),
            or(isNull(smsOutbox.nextAttemptAt), lte(smsOutbox.nextAttemptAt, sql`now()`)),
            notInArray(smsOutbox.id, tried),
            only ? inArray(smsOutbox.id, only) : undefined,
          ),
        )
        .orderBy(asc(smsOutbox.seq))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      tried.push(row.id);
      try {
        const { providerId } = await provider.send({
          id: row.id,
          to: row.toPhone,
          body: row.body,
          template: row.template ?? "",
        });
        await tx
          .update(smsOutbox)
          .set({ sentAt: sql`now()`, providerId: providerId?.slice(0, 200) ?? null })
          .where(eq(smsOutbox.id, row.id));
        return "sent" as const;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const final = error instanceof SmsRejectedError;
        await tx
          .update(smsOutbox)
          .set({
            // A rejection uses up every attempt: nothing retries it.
            attempts: final ? maxAttempts : sql`${smsOutbox.attempts} + 1`,
            lastError: message,
            nextAttemptAt: final ? null : sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})`,
          })
          .where(eq(smsOutbox.id, row.id));
        logger.warn("sms delivery failed", { smsId: row.id, template: row.template, final, error: message });
        return "failed" as const;
      }
    });
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}
