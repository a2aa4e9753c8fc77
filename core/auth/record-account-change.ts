import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { securityNotice } from "../mail/account-templates";
import { enqueueMail } from "../mail/mailer";
import { recordSecurityEvent } from "../security/record-security-event";
import type { RequestMeta } from "./auth-attempt";
import { describeDevice } from "./describe-device";

export type AccountChange = {
  userId: string;
  /** security_events.event_type, e.g. "password_changed", "passkey_added". */
  eventType: string;
  /** The sentence the member reads in the notice, e.g. "Your password was changed." */
  what: string;
  /** More for the notice, after the sentence (what to do about it). */
  more?: string;
  metadata?: Record<string, unknown>;
  /** Where the notice goes when it must not go to the current address (the old address after a change). */
  notifyAddress?: string;
};

/**
 * A sensitive change to a member's account, written to `security_events` and mailed to the member (the mail is
 * queued in the same transaction when `db` is one, so a change that rolls back tells nobody).
 */
export async function recordAccountChange(
  db: Db,
  change: AccountChange,
  context: { meta: RequestMeta; now: Date; appUrl: string },
) {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, change.userId));
  await recordSecurityEvent(db, {
    eventType: change.eventType,
    attemptedAction: change.eventType,
    success: true,
    userId: change.userId,
    metadata: change.metadata,
    ipAddress: context.meta.ip,
    userAgent: context.meta.userAgent,
  });
  if (!user) return;
  await enqueueMail(
    db,
    securityNotice({
      to: change.notifyAddress ?? user.email,
      name: user.name,
      what: change.what,
      more: change.more,
      at: context.now,
      ip: context.meta.ip,
      device: describeDevice(context.meta.userAgent),
      appUrl: context.appUrl,
    }),
    // Also when it goes to the old address: it is this account's notice.
    { userId: change.userId },
  );
}
