import { eq } from "drizzle-orm";
import { twoFactors, users } from "#db/schema/auth.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import { findStaffAccess } from "./find-staff-access";
import { type AccountDeps, betterAuthCode, noticeContext } from "./account-deps";
import { enforceAccountLimit } from "./account-limits";
import { checkBackupCode } from "./backup-codes";
import type { RequestMeta } from "./auth-attempt";
import { recordAccountChange } from "./record-account-change";
import { TWO_FACTOR_IS_OFF } from "./regenerate-backup-codes";
import { INVALID_BACKUP_CODE, INVALID_TWO_FACTOR_CODE } from "./verify-two-factor-sign-in";

export const STAFF_KEEP_TWO_FACTOR = "Staff accounts must keep two-step sign-in.";
export const ENTER_CODE_OR_BACKUP = "Enter the 6-digit code from your app, or one of your backup codes";

/**
 * Turns two-step sign-in off with a current code from the app or an unused backup code (the route also asks for
 * a recent sign-in). Better Auth's own disable wants a password, so the code is checked through Better Auth and
 * the factor removed here, in one transaction with its security event and mail. Staff must keep it.
 */
export async function turnOffTwoFactor(
  deps: AccountDeps,
  { userId, code }: { userId: string; code: unknown },
  meta: RequestMeta,
): Promise<void> {
  const access = await findStaffAccess(deps.db, userId);
  if (access.roles.length > 0) throw new AppError("FORBIDDEN", STAFF_KEEP_TWO_FACTOR);
  if (!access.twoFactorEnabled) throw new AppError("CONFLICT", TWO_FACTOR_IS_OFF);
  const text = typeof code === "string" ? code.replace(/\s+/g, "") : "";
  const kind = /^\d{6}$/.test(text) ? "totp" : /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(text) ? "backup" : null;
  if (!kind) throw new AppError("VALIDATION", ENTER_CODE_OR_BACKUP, { field: "code" });
  await enforceAccountLimit(deps, { action: "two_factor_change", subject: userId, userId }, meta);
  try {
    // With a session, Better Auth only checks the code (a backup code is spent); it signs nobody in.
    if (kind === "totp") await deps.auth.api.verifyTOTP({ body: { code: text }, headers: meta.headers });
    else
      await checkBackupCode(text, (backupCode) =>
        deps.auth.api.verifyBackupCode({ body: { code: backupCode }, headers: meta.headers }),
      );
  } catch (error) {
    const errorCode = betterAuthCode(error);
    if (errorCode !== "INVALID_CODE" && errorCode !== "INVALID_BACKUP_CODE") throw error;
    const message = kind === "totp" ? INVALID_TWO_FACTOR_CODE : INVALID_BACKUP_CODE;
    await recordSecurityEvent(deps.db, {
      eventType: "two_factor_disabled",
      attemptedAction: `disable_with_${kind}`,
      success: false,
      userId,
      errorMessage: message,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    throw new AppError("VALIDATION", message, { field: "code" });
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "two_factor_disabled",
        what: "Two-step sign-in was turned off for your account.",
        metadata: { with: kind },
      },
      noticeContext(deps, meta),
    );
  });
}
