import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { mailOutbox } from "#db/schema/ops.ts";

/** The newest mail of one kind to an address, as its recipient would open it (null when none was queued). */
export async function latestMail(db: Db, to: string, template: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  return mail ?? null;
}

/** Every mail of one kind to an address, newest first. */
export function mailsOf(db: Db, to: string, template: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.seq));
}

/** How many mails of one kind went to an address. */
export async function mailCount(db: Db, to: string, template: string) {
  return (
    await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
  ).length;
}

/** The first link in a mail's text body. */
export function linkIn(mail: { textBody: string } | null): URL | null {
  const found = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
  return found ? new URL(found) : null;
}
