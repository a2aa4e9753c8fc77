import { recordSecurityEvent } from "../security/record-security-event";
import { AppError, type AppErrorCode } from "../shared/app-error";
import type { Auth } from "./auth";
import type { AuthDeps, PendingDeletion, RequestMeta, SignedIn } from "./auth-attempt";
import { checkBackupCode } from "./backup-codes";
import { deletionPendingMessage, pendingDeletionOffer } from "./pending-deletion";
import { ACCOUNT_SUSPENDED } from "./sign-in-attempt";

export const INVALID_TWO_FACTOR_CODE = "That code is not right. Check your app and try again.";
export const INVALID_BACKUP_CODE = "That backup code is not right, or it was used already.";
export const TWO_FACTOR_EXPIRED = "Your sign-in has expired. Please sign in again.";
export const TWO_FACTOR_LOCKED = "Too many wrong codes. Please sign in again in a few minutes.";

/**
 * The second step of a sign-in with two-factor on: a 6-digit code from the authenticator app, or one of the
 * backup codes (each works once). Better Auth checks it against the signed cookie the first step set, allows
 * 5 tries per sign-in and locks the account for a while after repeated failures; each try is a
 * `two_factor_attempt` security event. Both steps right, the member is signed in, or offered to keep an account
 * whose own deletion is pending.
 */
export async function verifyTwoFactorSignIn(
  deps: AuthDeps & { auth: Auth },
  { code, kind }: { code: unknown; kind: "totp" | "backup" },
  meta: RequestMeta,
): Promise<SignedIn | PendingDeletion> {
  const text = typeof code === "string" ? code.replace(/\s+/g, "") : "";
  const wrong = kind === "totp" ? INVALID_TWO_FACTOR_CODE : INVALID_BACKUP_CODE;
  const log = (success: boolean, userId: string | null, errorMessage: string | null) =>
    recordSecurityEvent(deps.db, {
      eventType: "two_factor_attempt",
      attemptedAction: kind === "totp" ? "verify_totp" : "verify_backup_code",
      success,
      userId,
      errorMessage,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
  const formatOk = kind === "totp" ? /^\d{6}$/.test(text) : /^[A-Za-z0-9-]{6,32}$/.test(text);
  if (!formatOk) {
    throw new AppError(
      "VALIDATION",
      kind === "totp" ? "Enter the 6-digit code from your app" : "Enter one of your backup codes",
      { fields: { code: "required" } },
    );
  }
  try {
    const call = kind === "totp" ? deps.auth.api.verifyTOTP : deps.auth.api.verifyBackupCode;
    const attempt = (checked: string) => call({ body: { code: checked }, headers: meta.headers, returnHeaders: true });
    // A backup code may be typed in either case, with or without its dash (core/auth/backup-codes.ts).
    const { headers, response } = kind === "totp" ? await attempt(text) : await checkBackupCode(text, attempt);
    const userId = (response as { user?: { id: string } }).user?.id ?? null;
    await log(true, userId, null);
    return { kind: "signed-in", userId: userId ?? "", headers };
  } catch (error) {
    const body = (error as { body?: { code?: string; message?: string; userId?: string } }).body;
    if (body?.code === "ACCOUNT_DELETION_PENDING" && body.userId) {
      // Both steps were right and the member's own deletion is pending: now, and only now, the offer to keep it.
      const offer = await pendingDeletionOffer(deps, body.userId);
      if (offer) {
        await log(false, body.userId, deletionPendingMessage(offer.deletesOn));
        return offer;
      }
    }
    const refusal =
      REFUSALS[body?.code ?? ""] ??
      REFUSALS[body?.message ?? ""] ??
      (isWrongCode(body?.code) ? { message: wrong, code: "UNAUTHENTICATED" as const } : null);
    if (!refusal) throw error;
    await log(false, null, refusal.message);
    throw new AppError(refusal.code, refusal.message, { field: "code" });
  }
}

/** Better Auth's error codes for this step, as the member reads them. */
const REFUSALS: Record<string, { message: string; code: AppErrorCode }> = {
  INVALID_TWO_FACTOR_COOKIE: { message: TWO_FACTOR_EXPIRED, code: "UNAUTHENTICATED" },
  ACCOUNT_TEMPORARILY_LOCKED: { message: TWO_FACTOR_LOCKED, code: "RATE_LIMITED" },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { message: TWO_FACTOR_LOCKED, code: "RATE_LIMITED" },
  ACCOUNT_SUSPENDED: { message: ACCOUNT_SUSPENDED, code: "SUSPENDED" },
  // No second step to take: two-factor was turned off since the first step, or there was no first step at all.
  TOTP_NOT_ENABLED: { message: TWO_FACTOR_EXPIRED, code: "UNAUTHENTICATED" },
  // Deleted between the two steps (sign-in makes the keep offer before this step): start again to see it.
  ACCOUNT_DELETION_PENDING: { message: TWO_FACTOR_EXPIRED, code: "FORBIDDEN" },
};

const isWrongCode = (code: string | undefined) => code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE";
