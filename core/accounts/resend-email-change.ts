import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import type { Auth } from "../auth/auth";
import type { RequestMeta } from "../auth/auth-attempt";
import { requestEmailChange } from "./request-email-change";
import { findPendingEmailChange } from "../auth/pending-email-change";

export const NO_PENDING_EMAIL_CHANGE = "There is no change of e-mail address waiting to be confirmed.";

/**
 * 'Resend link' beside a pending change: the same request again, to the address already chosen, so it counts
 * against the same limit as a new request (change_email) and the earlier link stops working. It needs no fresh
 * sign-in: it can only send to the address the member chose when they last proved it was them.
 */
export async function resendEmailChange(
  deps: { db: Db; auth: Auth; clock: Clock; appUrl: string },
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<{ message: string }> {
  const pending = await findPendingEmailChange(deps.db, { userId, now: deps.clock.now() });
  if (!pending) throw new AppError("CONFLICT", NO_PENDING_EMAIL_CHANGE);
  return requestEmailChange(deps, { userId, newEmail: pending.newEmail }, meta);
}
