import { recordSecurityEvent } from "../security/record-security-event";
import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { passwordSchema } from "./credentials-schema";
import { removeUnprovenAccess } from "./remove-unproven-access";
import { isAddressVerified } from "./verified-address";
import { findResetLinkOwner, voidPasswordResetLinks } from "./password-reset-links";

export const RESET_LINK_INVALID = "This reset link has expired or was already used. Ask for a new one.";
export const PASSWORDS_DIFFER = "The passwords don't match";
export const PASSWORD_CHANGED = "Your password has been changed. Please sign in with it.";

/**
 * Sets a new password from a reset link: the spec's password rules, the link once and within its hour, and every
 * session of the member ended (a thief signed in elsewhere is signed out).
 */
export async function resetPassword(
  deps: { db: Db; auth: Auth },
  { token, password, confirm }: { token: unknown; password: unknown; confirm: unknown },
  meta: RequestMeta,
): Promise<void> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{10,100}$/.test(token))
    throw new AppError("VALIDATION", RESET_LINK_INVALID);
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success)
    throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Invalid password", { field: "password" });
  if (password !== confirm) throw new AppError("VALIDATION", PASSWORDS_DIFFER, { field: "confirm" });
  // Whose link it is (Better Auth keeps the member's id with it): read before it is used up.
  const owner = await findResetLinkOwner(deps.db, token);
  const wasUnverified = owner ? !(await isAddressVerified(deps.db, owner)) : false;
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: parsed.data }, headers: meta.headers });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") {
      await recordSecurityEvent(deps.db, {
        eventType: "password_reset",
        attemptedAction: "reset",
        success: false,
        errorMessage: RESET_LINK_INVALID,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
      throw new AppError("VALIDATION", RESET_LINK_INVALID);
    }
    throw error;
  }
  // Any other link still open (an older one that arrived late) must not set the password again.
  if (owner) await voidPasswordResetLinks(deps.db, { userId: owner });
  // The link came to the mailbox: it proves the address, and nothing set up before the proof survives it but
  // the password just chosen (remove-unproven-access.ts).
  if (owner && wasUnverified) {
    await removeUnprovenAccess(
      { db: deps.db, now: new Date(), appUrl: String(deps.auth.options.baseURL ?? "") },
      { userId: owner, proof: { via: "password_reset" } },
      meta,
    );
  }
  await recordSecurityEvent(deps.db, {
    eventType: "password_reset",
    attemptedAction: "reset",
    success: true,
    userId: owner,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
}
