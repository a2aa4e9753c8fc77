import { AppError, type AppErrorCode } from "../shared/app-error";
import { enforceAccountLimit } from "./account-limits";
import { ACCOUNT_SUSPENDED_CODE, type Auth } from "./auth";
import type { AuthDeps, RequestMeta, SignInOutcome } from "./auth-attempt";
import { emailSchema } from "./credentials-schema";
import { isPendingDeletion } from "./pending-deletion";
import { removeUnprovenAccess } from "./remove-unproven-access";
import { EMAIL_OR_PHONE_REQUIRED } from "./request-sign-in-code";
import { ACCOUNT_SUSPENDED, offerToKeepOrRefuse, signedInOrSecondStep, startSignInAttempt } from "./sign-in-attempt";

export const CODE_FORMAT = "Enter the 6-digit code from the e-mail";
// Better Auth cannot tell a wrong code from one already used (a used code is gone), so one message covers both.
export const WRONG_SIGN_IN_CODE =
  "That code is not right, or it has been used already. Check the e-mail, or ask for a new code.";
export const SIGN_IN_CODE_EXPIRED = "That code has expired. Ask for a new one.";
export const SIGN_IN_CODE_LOCKED = "Too many wrong tries for this code. Ask for a new one.";

/** Better Auth's emailOTP error codes, as the member reads them. */
const REFUSALS: Record<string, { message: string; code: AppErrorCode }> = {
  INVALID_OTP: { message: WRONG_SIGN_IN_CODE, code: "UNAUTHENTICATED" },
  OTP_EXPIRED: { message: SIGN_IN_CODE_EXPIRED, code: "UNAUTHENTICATED" },
  TOO_MANY_ATTEMPTS: { message: SIGN_IN_CODE_LOCKED, code: "RATE_LIMITED" },
  [ACCOUNT_SUSPENDED_CODE]: { message: ACCOUNT_SUSPENDED, code: "SUSPENDED" },
};

/**
 * Signs a member in with the code e-mailed by requestSignInCode: it works once, for SIGN_IN_CODE_MINUTES, and
 * for SIGN_IN_CODE_ATTEMPTS tries (auth.ts). A member with two-factor on still gets the second step, as after a
 * password. Each try is a `login_attempt` security event.
 */
export async function signInWithCode(
  deps: AuthDeps & { auth: Auth; appUrl: string },
  input: { email?: unknown; code?: unknown },
  meta: RequestMeta,
): Promise<SignInOutcome> {
  if (typeof input.email !== "string" || !input.email.trim()) throw invalid("email", EMAIL_OR_PHONE_REQUIRED);
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw invalid("email", parsed.error.issues[0]?.message ?? "Invalid email address");
  const email = parsed.data;
  const otp = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(otp)) throw invalid("code", CODE_FORMAT);
  await enforceAccountLimit(deps, { action: "sign_in_code_verify", subject: email }, meta);

  const { account, log } = await startSignInAttempt(deps.db, { way: "sign_in_code", email, meta });
  try {
    // A code proves the mailbox. On an address never verified, everything set up before (by whoever typed the
    // address) goes first, the authenticator app included, so the second step cannot stop the owner; only then
    // is the code used to sign in. Checking the code does not use it up (a wrong one counts as a try).
    if (account && !account.emailVerified) {
      await deps.auth.api.checkVerificationOTP({ body: { email, type: "sign-in", otp }, headers: meta.headers });
      await removeUnprovenAccess(
        { db: deps.db, now: deps.clock.now(), appUrl: deps.appUrl },
        { userId: account.id, proof: { via: "sign_in_code" } },
        meta,
      );
    }
    const { headers, response } = await deps.auth.api.signInEmailOTP({
      body: { email, otp },
      headers: meta.headers,
      returnHeaders: true,
    });
    return await signedInOrSecondStep({ headers, response }, log);
  } catch (error) {
    // The code proved the mailbox of a member whose own deletion is pending: offer to keep it, as a password does.
    if (isPendingDeletion(error))
      return await offerToKeepOrRefuse(deps, { userId: account?.id ?? null, log, details: { field: "code" } });
    const body = (error as { body?: { code?: string; message?: string } }).body;
    const refusal = REFUSALS[body?.code ?? ""] ?? REFUSALS[body?.message ?? ""];
    if (!refusal) throw error;
    await log(false, refusal.message);
    throw new AppError(refusal.code, refusal.message, { field: "code" });
  }
}

function invalid(field: "email" | "code", message: string) {
  return new AppError("VALIDATION", message, { field });
}
