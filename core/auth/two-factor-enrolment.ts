import QRCode from "qrcode";
import { type AccountDeps, noticeContext } from "./account-deps";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { recordAccountChange } from "./record-account-change";
import { refuseUnverifiedAddress } from "./verified-address";

export const INCORRECT_PASSWORD = "Incorrect password";
export const WRONG_ENROLMENT_CODE = "That code is not right. Check the time on your phone and try again.";
export const ENTER_SIX_DIGITS = "Enter the 6-digit code from your app";
export const START_ENROLMENT_AGAIN = "Two-step sign-in setup was not started, or has ended. Please start again.";

export type EnrolmentStart =
  | { ok: true; totpUri: string; secret: string; qrSvg: string }
  | { ok: false; status: number; message: string };

/**
 * Starts TOTP enrolment for the signed-in member: after the password is confirmed, Better Auth makes the
 * secret (encrypted at rest) and the backup codes. The member gets a QR code, and the key as text for
 * people who cannot scan; nothing is on until a code from the app confirms it.
 */
export async function startTwoFactorEnrolment(
  deps: { auth: Auth },
  { password }: { password: unknown },
  meta: RequestMeta,
): Promise<EnrolmentStart> {
  if (typeof password !== "string" || password.length === 0)
    return { ok: false, status: 400, message: "Password is required" };
  try {
    const result = await deps.auth.api.enableTwoFactor({ body: { password }, headers: meta.headers });
    if (!("totpURI" in result) || !result.totpURI) throw new Error("two-factor enrolment returned no TOTP URI");
    return { ok: true, ...(await describeTotpUri(result.totpURI)) };
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    // A password longer (or shorter) than any Better Auth accepts cannot be this member's: it is wrong, not a 500.
    if (code === "INVALID_PASSWORD" || code === "PASSWORD_TOO_LONG" || code === "PASSWORD_TOO_SHORT") {
      return { ok: false, status: 400, message: INCORRECT_PASSWORD };
    }
    throw error;
  }
}

/** The QR code (SVG drawn on the server) and the key as text, for a TOTP URI this member was given. */
export async function describeTotpUri(totpUri: string) {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { totpUri, secret, qrSvg };
}

export type EnrolmentConfirmation =
  | { ok: true; headers: Headers; backupCodes: string[] }
  | { ok: false; status: number; message: string };

/**
 * Confirms enrolment with a code from the app: two-factor is on from now (Better Auth issues a fresh session
 * cookie), and the 10 backup codes are returned to be shown this once. A `two_factor_enrolled` event is logged and
 * the member is told by mail (a second step they did not add would lock them out).
 */
export async function confirmTwoFactorEnrolment(
  deps: AccountDeps,
  { userId, code }: { userId: string; code: unknown },
  meta: RequestMeta,
): Promise<EnrolmentConfirmation> {
  const text = typeof code === "string" ? code.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(text)) return { ok: false, status: 400, message: ENTER_SIX_DIGITS };
  // Members and staff alike: an authenticator added before the address is confirmed could lock its owner out.
  const unverified = await refuseUnverifiedAddress(deps.db, userId);
  if (unverified) return unverified;
  let headers: Headers;
  try {
    ({ headers } = await deps.auth.api.verifyTOTP({
      body: { code: text },
      headers: meta.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    const errorCode = (error as { body?: { code?: string } }).body?.code;
    if (errorCode === "INVALID_CODE") return { ok: false, status: 400, message: WRONG_ENROLMENT_CODE };
    // No key was made for this account (the first step never ran, or another tab turned it off since): a code
    // cannot confirm anything, and the member starts again rather than meeting a server error.
    if (errorCode === "TOTP_NOT_ENABLED") return { ok: false, status: 409, message: START_ENROLMENT_AGAIN };
    throw error;
  }
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId } });
  await recordAccountChange(
    deps.db,
    { userId, eventType: "two_factor_enrolled", what: "Two-step sign-in was turned on for your account." },
    noticeContext(deps, meta),
  );
  return { ok: true, headers, backupCodes };
}
