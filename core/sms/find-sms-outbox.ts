import { desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { smsOutbox } from "#db/schema/ops.ts";

export type OutboxSms = {
  id: string;
  to: string;
  body: string;
  template: string | null;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
};

/**
 * The newest texts first, for the demo outbox page (the same page and the same rule as the mail: isOutboxPageEnabled).
 * `forUserId` narrows it to the texts queued for one account (sms_outbox.user_id): a member reads only their own.
 */
export async function findSmsOutbox(
  db: Db,
  { limit = 100, forUserId }: { limit?: number; forUserId?: string } = {},
): Promise<OutboxSms[]> {
  return db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.toPhone,
      body: smsOutbox.body,
      template: smsOutbox.template,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
      attempts: smsOutbox.attempts,
      lastError: smsOutbox.lastError,
    })
    .from(smsOutbox)
    .where(forUserId ? eq(smsOutbox.userId, forUserId) : undefined)
    .orderBy(desc(smsOutbox.seq))
    .limit(limit);
}
