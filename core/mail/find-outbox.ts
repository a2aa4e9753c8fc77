import { desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { isDemoMode } from "../shared/demo-mode";

/**
 * The outbox page is a demo part (isDemoMode): on the embedded defaults reading the outbox is the only way to
 * see the mail. A production PostgreSQL, or any deployment with ALLOW_SEED=false, has no such page.
 */
export function isOutboxPageEnabled(env: { NODE_ENV: string; DATABASE_URL?: string; ALLOW_SEED?: boolean }): boolean {
  return isDemoMode(env);
}

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  template: string | null;
  textBody: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
};

/**
 * The newest mails first, for the outbox page. `forUserId` narrows it to the mail queued for one account
 * (mail_outbox.user_id, set when the mail is queued: see enqueueMail). A row can only name an account that existed
 * when it was queued, so this is exactly "their mail since their account existed", never what went to the same
 * address before, for another account or for none. (No created_at comparison: the account's time comes from the
 * app's clock, the mail's from the database's.)
 */
export async function findOutbox(
  db: Db,
  { limit = 100, forUserId }: { limit?: number; forUserId?: string } = {},
): Promise<OutboxMail[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      textBody: mailOutbox.textBody,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(forUserId ? eq(mailOutbox.userId, forUserId) : undefined)
    .orderBy(desc(mailOutbox.seq))
    .limit(limit);
}
