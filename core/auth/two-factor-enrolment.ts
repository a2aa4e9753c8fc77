import QRCode from "qrcode";
import { AppError } from "../shared/app-error";
import { type AccountDeps, betterAuthCode, noticeContext } from "./account-deps";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { recordAccountChange } from "./record-account-change";
import { requireVerifiedAddress } from "./verified-address";

export const INCORRECT_PASSWORD = "Incorrect password";
export const WRONG_ENROLMENT_CODE = "That code is not right. Check the time on your phone and try again.";
export const ENTER_SIX_DIGITS = "Enter the 6-digit code from your app";
export const START_ENROLMENT_AGAIN = "Two-step sign-in setup was not started, or has ended. Please start again.";

/** The key to put in the authenticator app: as a URI, as text, and as a QR code (SVG). */
export type TotpKeyDescription = { totpUri: string; secret: string; qrSvg: string };

/**
 * Starts TOTP enrolment for the signed-in member: after the password is confirmed, Better Auth makes the
 * secret (encrypted at rest) and the backup codes. The member gets a QR code, and the key as text for
 * people who cannot scan; nothing is on until a code from the app confirms it.
 */
export async function startTwoFactorEnrolment(
  deps: { auth: Auth },
  { password }: { password: unknown },
  meta: RequestMeta,
): Promise<TotpKeyDescription> {
  if (typeof password !== "string" || password.length === 0)
    throw new AppError("VALIDATION", "Password is required", { field: "password" });
  const result = await deps.auth.api
    .enableTwoFactor({ body: { password }, headers: meta.headers })
    .catch((error: unknown) => {
      const code = betterAuthCode(error);
      // A password longer (or shorter) than any Better Auth accepts cannot be this member's: it is wrong, not a 500.
      if (code === "INVALID_PASSWORD" || code === "PASSWORD_TOO_LONG" || code === "PASSWORD_TOO_SHORT")
        throw new AppError("VALIDATION", INCORRECT_PASSWORD, { field: "password" });
      throw error;
    });
  if (!("totpURI" in result) || !result.totpURI) throw new Error("two-factor enrolment returned no TOTP URI");
  return describeTotpUri(result.totpURI);
}

/** The QR code (SVG drawn on the server) and the key as text, for a TOTP URI this member was given. */
export async function describeTotpUri(totpUri: string): Promise<TotpKeyDescription> {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { totpUri, secret, qrSvg };
}

/**
 * Confirms enrolment with a code from the app: two-factor is on from now (Better Auth issues a fresh session
 * cookie), and the 10 backup codes are returned to be shown this once. A `two_factor_enrolled` event is logged and
 * the member is told by mail (a second step they did not add would lock them out).
 */
export async function confirmTwoFactorEnrolment(
  deps: AccountDeps,
  { userId, code }: { userId: string; code: unknown },
  meta: RequestMeta,
): Promise<{ headers: Headers; backupCodes: string[] }> {
  const text = typeof code === "string" ? code.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(text)) throw new AppError("VALIDATION", ENTER_SIX_DIGITS, { field: "code" });
  // Members and staff alike: an authenticator added before the address is confirmed could lock its owner out.
  await requireVerifiedAddress(deps.db, userId);
  const { headers } = await deps.auth.api
    .verifyTOTP({ body: { code: text }, headers: meta.headers, returnHeaders: true })
    .catch((error: unknown) => {
      const errorCode = betterAuthCode(error);
      if (errorCode === "INVALID_CODE") throw new AppError("VALIDATION", WRONG_ENROLMENT_CODE, { field: "code" });
      // No key was made for this account (the first step never ran, or another tab turned it off since): a code
      // cannot confirm anything, and the member starts again rather than meeting a server error.
      if (errorCode === "TOTP_NOT_ENABLED") throw new AppError("CONFLICT", START_ENROLMENT_AGAIN);
      throw error;
    });
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId } });
  await recordAccountChange(
    deps.db,
    { userId, eventType: "two_factor_enrolled", what: "Two-step sign-in was turned on for your account." },
    noticeContext(deps, meta),
  );
  return { headers, backupCodes };
}
