import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema/ops";
import { isDemoMode } from "../seed/demo-mode";

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

/** The newest mails first, for the outbox page; `to` narrows it to one member's mail. */
export async function listOutbox(db: Db, { limit = 100, to }: { limit?: number; to?: string } = {}): Promise<OutboxMail[]> {
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
    .where(to ? eq(mailOutbox.toAddress, to) : undefined)
    .orderBy(desc(mailOutbox.seq))
    .limit(limit);
}
