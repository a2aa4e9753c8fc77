import { eq } from "drizzle-orm";
import { users } from "../../db/schema/auth";
import { profiles } from "../../db/schema/profiles";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Auth } from "./auth";
import { type AuthDeps, type AuthOutcome, checkAuthRateLimit, type RequestMeta } from "./auth-attempt";
import { describeIssues } from "../shared/describe-issues";
import { signInSchema } from "./credentials-schema";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const ACCOUNT_SUSPENDED = "Your account has been suspended. Please contact support.";

/** Signs a member in with e-mail and password, refusing suspended or deleted accounts. */
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
  const limited = await checkAuthRateLimit(deps, { action: "sign_in", email, meta });
  if (limited) return limited;

  const [account] = await deps.db
    .select({ id: users.id, status: profiles.status, deletedAt: profiles.deletedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email));

  const log = (success: boolean, errorMessage: string | null) =>
    recordSecurityEvent(deps.db, {
      eventType: "login_attempt",
      attemptedAction: "sign_in",
      success,
      userId: account?.id ?? null,
      errorMessage,
      metadata: { email },
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });

  if (account && (account.status === "suspended" || account.deletedAt)) {
    await log(false, ACCOUNT_SUSPENDED);
    return { ok: false, status: 403, message: ACCOUNT_SUSPENDED };
  }
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password },
      headers: meta.headers,
      returnHeaders: true,
    });
    await log(true, null);
    return { ok: true, userId: response.user.id, headers };
  } catch (error) {
    if (isInvalidCredentials(error)) {
      await log(false, INVALID_CREDENTIALS);
      return { ok: false, status: 401, message: INVALID_CREDENTIALS };
    }
    throw error;
  }
}

function isInvalidCredentials(error: unknown) {
  const e = error as { status?: string | number; statusCode?: number; body?: { code?: string } };
  return e?.body?.code === "INVALID_EMAIL_OR_PASSWORD" || e?.statusCode === 401 || e?.status === "UNAUTHORIZED";
}
