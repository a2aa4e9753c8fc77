import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import { type AccountDeps, betterAuthCode, noticeContext } from "./account-deps";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { passwordSchema } from "./credentials-schema";
import { WRONG_PASSWORD } from "./reauthentication";
import { recordAccountChange } from "./record-account-change";
import { voidPasswordResetLinks } from "./password-reset-links";
import { PASSWORDS_DIFFER } from "./reset-password";

export const PASSWORD_UPDATED = "Your password has been changed. You've been signed out on your other devices.";
export const NO_PASSWORD_YET = "Your account has no password yet. Set one with the link we e-mail you.";

/**
 * A signed-in member changes their password with the current one. The current password is itself the fresh proof
 * (no separate reauthentication). Every other session ends; this device gets a new session cookie. Rate limited,
 * logged, and the member is told by mail.
 */
export async function changePassword(
  deps: AccountDeps,
  input: { userId: string; currentPassword: unknown; newPassword: unknown; confirm: unknown },
  meta: RequestMeta,
): Promise<{ headers: Headers }> {
  const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
  if (!current) throw new AppError("VALIDATION", "Current password is required", { field: "currentPassword" });
  const parsed = passwordSchema.safeParse(input.newPassword);
  if (!parsed.success)
    throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Invalid password", { field: "newPassword" });
  if (input.newPassword !== input.confirm) throw new AppError("VALIDATION", PASSWORDS_DIFFER, { field: "confirm" });
  await enforceAccountLimit(deps, { action: "change_password", subject: input.userId, userId: input.userId }, meta);

  let headers: Headers;
  try {
    // No password is longer than the rules allow; Better Auth would call this one "too long", not wrong.
    if (current.length > 72) throw { body: { code: "INVALID_PASSWORD" } };
    ({ headers } = await deps.auth.api.changePassword({
      body: { currentPassword: current, newPassword: parsed.data, revokeOtherSessions: true },
      headers: meta.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    const code = betterAuthCode(error);
    const refusal =
      code === "INVALID_PASSWORD"
        ? { message: WRONG_PASSWORD, field: "currentPassword" }
        : code === "CREDENTIAL_ACCOUNT_NOT_FOUND"
          ? { message: NO_PASSWORD_YET, field: "form" }
          : null;
    if (!refusal) throw error;
    await recordSecurityEvent(deps.db, {
      eventType: "password_changed",
      attemptedAction: "change_password",
      success: false,
      userId: input.userId,
      errorMessage: refusal.message,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    throw new AppError("VALIDATION", refusal.message, { field: refusal.field });
  }
  // A reset link mailed before the change must not undo it.
  await voidPasswordResetLinks(deps.db, { userId: input.userId });
  await recordAccountChange(
    deps.db,
    { userId: input.userId, eventType: "password_changed", what: "Your password was changed." },
    noticeContext(deps, meta),
  );
  return { headers };
}
