import { and, asc, eq, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { logger } from "../shared/logger";
import { recordMailFailure } from "../logs/record-mail-failure";

/** One e-mail as the app composes it (see templates.ts); `template` names it for tests and the logs. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  /** Extra headers, kept with it in the outbox (List-Unsubscribe on member notices: unsubscribe-link.ts). */
  headers?: Record<string, string>;
};

/** Where mail goes: the outbox itself (development, demos, tests) or an SMTP server. */
export interface MailTransport {
  /** Resolves once the mail is handed over; rejects when it was not. */
  send(mail: OutgoingMail): Promise<void>;
}

/** After this many failed attempts (the attempts column) a mail is left alone (it stays in the outbox, unsent, with its last error). */
export const MAX_ATTEMPTS = 5;

/**
 * How long a mail waits after its 1st, 2nd, 3rd and 4th failed attempt. Delivery runs every 15 s: without
 * a wait, an SMTP server that is down for a minute would use up all five attempts and the mail would never
 * go. With these, the five attempts span about two and a half hours.
 */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60];

function retryDelaySeconds(failedAttempts: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(failedAttempts, RETRY_DELAYS_SECONDS.length) - 1];
}

/**
 * Queues a mail. Pass the transaction of the action that causes it: the row commits or rolls back with
 * that action, so a failed action sends nothing. `deliverPendingMail` sends it after the commit.
 */
export async function enqueueMail(
  db: Db,
  mail: OutgoingMail,
  { userId }: { userId?: string | null } = {},
): Promise<{ id: string }> {
  const [row] = await insertMail(db, mail, { userId });
  return { id: row.id };
}

/**
 * Queues a mail that is the effect of a domain event (core/events), in the dispatcher's transaction. Once per
 * event, address and template: an event dispatched a second time queues nothing new.
 */
export async function enqueueEventMail(db: Db, mail: OutgoingMail, { eventId }: { eventId: string }): Promise<void> {
  await insertMail(db, mail, { eventId });
}

function insertMail(db: Db, mail: OutgoingMail, { userId, eventId }: { userId?: string | null; eventId?: string }) {
  return (
    db
      .insert(mailOutbox)
      .values({
        // The account the mail is for (the demo outbox shows a member only theirs). Mail that goes elsewhere than
        // the account's current address (a new address to confirm) names it; otherwise it is whichever account
        // has the address now, so a newcomer never inherits mail sent to their address before they registered.
        userId:
          userId !== undefined
            ? userId
            : sql`(select ${users.id} from ${users} where ${users.email} = ${mail.to.toLowerCase()})`,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        template: mail.template,
        headers: mail.headers ?? null,
        eventId,
      })
      // Only the event index can conflict (mail_outbox_event_once_idx): direct mail has no event id.
      .onConflictDoNothing()
      // A bare returning(): with an argument it does not type-check on the PGlite | PostgreSQL union.
      .returning()
  );
}

/**
 * Sends up to `limit` unsent mails, oldest first, and records the outcome of each.
 *
 * Each mail is claimed in its own short transaction with FOR UPDATE SKIP LOCKED, so several processes
 * running this at once never pick the same row, and a crash mid-batch re-sends at most the one mail that
 * was in flight (delivery is at least once). A mail that fails is tried again after RETRY_DELAYS_SECONDS,
 * at most once per call, up to MAX_ATTEMPTS.
 */
export async function deliverPendingMail(
  db: Db,
  transport: MailTransport,
  { limit = 20, maxAttempts = MAX_ATTEMPTS }: { limit?: number; maxAttempts?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const tried: string[] = [];
  while (tried.length < limit) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            lt(mailOutbox.attempts, maxAttempts),
            or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, sql`now()`)),
            notInArray(mailOutbox.id, tried),
          ),
        )
        .orderBy(asc(mailOutbox.seq))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      tried.push(row.id);
      const mail: OutgoingMail = {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? "",
        template: row.template ?? "",
        headers: row.headers ?? undefined,
      };
      try {
        await transport.send(mail);
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        await tx
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: message,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})`,
          })
          .where(eq(mailOutbox.id, row.id));
        logger.warn("mail delivery failed", {
          mailId: row.id,
          template: row.template,
          attempt: row.attempts + 1,
          error: message,
        });
        return {
          kind: "failed" as const,
          failure: { mailId: row.id, template: row.template, attempt: row.attempts + 1, error: message },
        };
      }
      // attempts and last_error keep counting failures only: a mail that got through on its third try says so.
      await tx.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, row.id));
      return { kind: "sent" as const };
    });
    if (!outcome) break;
    result[outcome.kind]++;
    // After the claim's transaction: the log write must not hold (or, failing, break) it.
    if (outcome.kind === "failed") await recordMailFailure(db, outcome.failure);
  }
  return result;
}
