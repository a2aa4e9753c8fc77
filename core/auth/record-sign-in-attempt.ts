import type { Db } from "#db/client.ts";
import { recordSecurityEvent } from "../security/record-security-event";

/** How a member tried to sign in: the `attempted_action` of their login_attempt row in System Logs. */
export type SignInWay = "sign_in" | "sign_in_code" | "sign_in_passkey" | "sign_in_identity";

/**
 * One sign-in attempt, as the Auth Events tab shows it: every way of signing in writes the same login_attempt row
 * (who, how, whether it worked and why not, from where), so the logs and the known-address rule read one shape.
 */
export function recordSignInAttempt(
  db: Db,
  attempt: {
    way: SignInWay;
    success: boolean;
    userId: string | null;
    errorMessage?: string | null;
    metadata?: Record<string, unknown>;
    meta: { ip: string; userAgent: string | null };
  },
) {
  return recordSecurityEvent(db, {
    eventType: "login_attempt",
    attemptedAction: attempt.way,
    success: attempt.success,
    userId: attempt.userId,
    errorMessage: attempt.errorMessage ?? null,
    metadata: attempt.metadata ?? {},
    ipAddress: attempt.meta.ip,
    userAgent: attempt.meta.userAgent,
  });
}
