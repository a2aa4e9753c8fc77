import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import { type AccountDeps, betterAuthCode, noticeContext } from "./account-deps";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { WRONG_PASSWORD } from "./reauthentication";
import { recordAccountChange } from "./record-account-change";

export const TWO_FACTOR_IS_OFF = "Two-step sign-in is not on for your account.";

/**
 * Ten new backup codes, shown once; the old ones stop working at once. Better Auth asks for the password, which is
 * the fresh proof (no separate reauthentication). Rate limited, logged and mailed.
 */
export async function regenerateBackupCodes(
  deps: AccountDeps,
  { userId, password }: { userId: string; password: unknown },
  meta: RequestMeta,
): Promise<{ backupCodes: string[] }> {
  const text = typeof password === "string" ? password : "";
  if (!text) throw new AppError("VALIDATION", "Password is required", { field: "password" });
  await enforceAccountLimit(deps, { action: "two_factor_change", subject: userId, userId }, meta);
  let backupCodes: string[];
  try {
    if (text.length > 72) throw { body: { code: "INVALID_PASSWORD" } };
    ({ backupCodes } = await deps.auth.api.generateBackupCodes({ body: { password: text }, headers: meta.headers }));
  } catch (error) {
    const code = betterAuthCode(error);
    if (code === "TWO_FACTOR_NOT_ENABLED") throw new AppError("CONFLICT", TWO_FACTOR_IS_OFF);
    if (code !== "INVALID_PASSWORD") throw error;
    await recordSecurityEvent(deps.db, {
      eventType: "backup_codes_regenerated",
      attemptedAction: "regenerate_backup_codes",
      success: false,
      userId,
      errorMessage: WRONG_PASSWORD,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    throw new AppError("VALIDATION", WRONG_PASSWORD, { field: "password" });
  }
  await recordAccountChange(
    deps.db,
    {
      userId,
      eventType: "backup_codes_regenerated",
      what: "New backup codes were made for your account; the old ones no longer work.",
    },
    noticeContext(deps, meta),
  );
  return { backupCodes };
}
