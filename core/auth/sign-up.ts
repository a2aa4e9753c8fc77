import { eq } from "drizzle-orm";
import { users } from "#db/schema/auth.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Auth } from "./auth";
import { type AuthDeps, enforceAuthRateLimit, type RequestMeta, type SignedIn } from "./auth-attempt";
import { parseOrRefuse } from "../shared/describe-issues";
import { signUpSchema } from "./credentials-schema";
import { recordSignupAddress } from "../trust/record-signup-address";

export const EMAIL_TAKEN = "This email is already registered. Please sign in instead.";

/** Creates an account and signs it in. Every rule is checked here, whichever door the request came through. */
export async function signUp(
  deps: AuthDeps & { auth: Auth },
  input: { email?: unknown; password?: unknown; fullName?: unknown },
  meta: RequestMeta,
): Promise<SignedIn> {
  const { email, password, fullName } = parseOrRefuse(signUpSchema, input);
  await enforceAuthRateLimit(deps, { action: "sign_up", email, meta });

  const log = (success: boolean, errorMessage: string | null, userId: string | null = null) =>
    recordSecurityEvent(deps.db, {
      eventType: "signup_attempt",
      attemptedAction: "sign_up",
      success,
      userId,
      errorMessage,
      metadata: { email },
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });

  try {
    const { headers, response } = await deps.auth.api.signUpEmail({
      body: { email, password, name: fullName },
      headers: meta.headers,
      returnHeaders: true,
    });
    await log(true, null, response.user.id);
    // Where it was made from, kept for the shared-address signal for staff (decision 098).
    await recordSignupAddress(deps.db, { userId: response.user.id, ip: meta.ip, now: deps.clock.now() });
    return { kind: "signed-in", userId: response.user.id, headers };
  } catch (error) {
    // A duplicate can surface as Better Auth's own error or, in a race, as the unique index.
    const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      await log(false, EMAIL_TAKEN);
      throw new AppError("CONFLICT", EMAIL_TAKEN, { field: "email" });
    }
    throw error;
  }
}
