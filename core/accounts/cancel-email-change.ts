import type { Db } from "#db/client.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { RequestMeta } from "../auth/auth-attempt";
import { dropPendingEmailChange } from "../auth/pending-email-change";
import { NO_PENDING_EMAIL_CHANGE } from "./resend-email-change";

export const EMAIL_CHANGE_CANCELLED = "The change of e-mail address is cancelled: the link we sent no longer works.";

/** 'Cancel change': the link already sent stops working and the account keeps its address. */
export async function cancelEmailChange(
  db: Db,
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<{ message: string }> {
  if (!(await dropPendingEmailChange(db, { userId }))) throw new AppError("CONFLICT", NO_PENDING_EMAIL_CHANGE);
  await recordSecurityEvent(db, {
    eventType: "email_change_cancelled",
    attemptedAction: "cancel_email_change",
    success: true,
    userId,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { message: EMAIL_CHANGE_CANCELLED };
}
