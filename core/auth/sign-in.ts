import { eq } from "drizzle-orm";
import { users } from "../../db/schema/auth";
import { recordSignInAttempt } from "./record-sign-in-attempt";
import { ACCOUNT_SUSPENDED_CODE, type Auth } from "./auth";
import { type AuthDeps, type AuthOutcome, checkAuthRateLimit, type RequestMeta } from "./auth-attempt";
import { describeIssues } from "../shared/describe-issues";
import { signInSchema } from "./credentials-schema";
import { isPendingDeletion, pendingDeletionOffer } from "./pending-deletion";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const ACCOUNT_SUSPENDED = "Your account has been suspended. Please contact support.";
export const TWO_FACTOR_REQUIRED = "Two-factor verification is required for this account.";

/**
 * Signs a member in with e-mail and password, refusing suspended or deleted accounts; a member whose own deletion
 * is pending gets, instead of a session, the offer to keep their account (pending-deletion.ts).
 */
export async function signIn(
  deps: AuthDeps & { auth: Auth },
  input: { email?: unknown; password?: unknown },
  meta: RequestMeta,
): Promise<AuthOutcome> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    return { ok: false, status: 400, message: first, fields };
  }
  const { email, password } = parsed.data;
  const limited = await checkAuthRateLimit(
    { ...deps, appUrl: String(deps.auth.options.baseURL ?? "") },
    { action: "sign_in", email, meta },
  );
  if (limited) return limited;

  const [account] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));

  const log = (success: boolean, errorMessage: string | null) =>
    recordSignInAttempt(deps.db, {
      way: "sign_in",
      success,
      userId: account?.id ?? null,
      errorMessage,
      metadata: { email },
      meta,
    });

  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password },
      headers: meta.headers,
      returnHeaders: true,
    });
    // A member whose own deletion is pending is offered to keep it only after the second step (decision 068).
    return await signedInOrSecondStep({ headers, response }, log);
  } catch (error) {
    if (isPendingDeletion(error)) {
      const offer = account ? await pendingDeletionOffer(deps, account.id) : null;
      if (offer && !offer.ok) {
        await log(false, offer.message);
        return offer;
      }
      await log(false, ACCOUNT_SUSPENDED);
      return { ok: false, status: 403, message: ACCOUNT_SUSPENDED };
    }
    if (isSuspended(error)) {
      await log(false, ACCOUNT_SUSPENDED);
      return { ok: false, status: 403, message: ACCOUNT_SUSPENDED };
    }
    if (isInvalidCredentials(error)) {
      await log(false, INVALID_CREDENTIALS);
      return { ok: false, status: 401, message: INVALID_CREDENTIALS };
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

/**
 * What Better Auth's first step answered: a session (signed in), or none because two-factor sign-in is on. Then
 * the page asks for the code next (/auth/two-factor) with the signed cookie Better Auth set; the JSON API has no
 * second step and refuses. Either way the attempt is logged.
 */
export async function signedInOrSecondStep(
  { headers, response }: { headers: Headers; response: object },
  log: (success: boolean, errorMessage: string | null) => Promise<void>,
): Promise<AuthOutcome> {
  const user = "user" in response ? (response.user as { id: string } | null | undefined) : null;
  if (!user) {
    await log(false, TWO_FACTOR_REQUIRED);
    return { ok: false, status: 403, message: TWO_FACTOR_REQUIRED, twoFactor: { headers } };
  }
  await log(true, null);
  return { ok: true, userId: user.id, headers };
}
