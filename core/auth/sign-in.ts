import { suspensionAppealToken } from "../appeals/suspension-appeal-link";
import { AppError } from "../shared/app-error";
import { parseOrRefuse } from "../shared/describe-issues";
import { ACCOUNT_SUSPENDED_CODE, type Auth } from "./auth";
import { type AuthDeps, enforceAuthRateLimit, type RequestMeta, type SignInOutcome } from "./auth-attempt";
import { signInSchema } from "./credentials-schema";
import { isPendingDeletion } from "./pending-deletion";
import { ACCOUNT_SUSPENDED, offerToKeepOrRefuse, signedInOrSecondStep, startSignInAttempt } from "./sign-in-attempt";

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Signs a member in with e-mail and password, refusing suspended or deleted accounts; a member with two-factor
 * on gets the second step instead of a session, and one whose own deletion is pending the offer to keep their
 * account (pending-deletion.ts).
 */
export async function signIn(
  deps: AuthDeps & { auth: Auth },
  input: { email?: unknown; password?: unknown },
  meta: RequestMeta,
): Promise<SignInOutcome> {
  const { email, password } = parseOrRefuse(signInSchema, input);
  await enforceAuthRateLimit(
    { ...deps, appUrl: String(deps.auth.options.baseURL ?? "") },
    { action: "sign_in", email, meta },
  );
  const { account, log } = await startSignInAttempt(deps.db, { way: "sign_in", email, meta });

  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password },
      headers: meta.headers,
      returnHeaders: true,
    });
    // A member whose own deletion is pending is offered to keep it only after the second step (decision 068).
    return await signedInOrSecondStep({ headers, response }, log);
  } catch (error) {
    if (isPendingDeletion(error)) return await offerToKeepOrRefuse(deps, { userId: account?.id ?? null, log });
    if (isSuspended(error)) {
      await log(false, ACCOUNT_SUSPENDED);
      // The password was right (Better Auth refuses a suspended account only after checking it): the refusal
      // carries the member's way to appeal (decision 097).
      const appealToken = await suspensionAppealToken(deps.db, account?.id, deps.clock.now());
      throw new AppError("SUSPENDED", ACCOUNT_SUSPENDED, appealToken ? { appealToken } : {});
    }
    if (isInvalidCredentials(error)) {
      await log(false, INVALID_CREDENTIALS);
      throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
    }
    throw error;
  }
}

function isSuspended(error: unknown) {
  const e = error as { body?: { code?: string; message?: string } };
  return e?.body?.code === ACCOUNT_SUSPENDED_CODE || e?.body?.message === ACCOUNT_SUSPENDED_CODE;
}

function isInvalidCredentials(error: unknown) {
  const e = error as { status?: string | number; statusCode?: number; body?: { code?: string } };
  return e?.body?.code === "INVALID_EMAIL_OR_PASSWORD" || e?.statusCode === 401 || e?.status === "UNAUTHORIZED";
}
