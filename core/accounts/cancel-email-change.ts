import type { Db } from "../../db/client";
import { recordSecurityEvent } from "../security/record-security-event";
import type { RequestMeta } from "../auth/auth-attempt";
import { dropPendingEmailChange } from "../auth/pending-email-change";
import { NO_PENDING_EMAIL_CHANGE } from "./resend-email-change";

export const EMAIL_CHANGE_CANCELLED = "The change of e-mail address is cancelled: the link we sent no longer works.";

/** 'Cancel change': the link already sent stops working and the account keeps its address. */
export async function cancelEmailChange(
  db: Db,
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<{ ok: true; message: string } | { ok: false; status: number; message: string }> {
  if (!(await dropPendingEmailChange(db, { userId })))
    return { ok: false, status: 409, message: NO_PENDING_EMAIL_CHANGE };
  await recordSecurityEvent(db, {
    eventType: "email_change_cancelled",
    attemptedAction: "cancel_email_change",
    success: true,
    userId,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { ok: true, message: EMAIL_CHANGE_CANCELLED };
}
