import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import { type Auth, VERIFY_EMAIL_HOURS } from "./auth";
import type { RequestMeta } from "./auth-attempt";

export const ALREADY_VERIFIED = "Your e-mail address is already verified.";

/**
 * 'Resend verification e-mail' on My Account: a new 24-hour link to the member's own address, rate limited.
 * Returns the spec's confirmation; an account already verified (or gone), or too many resends, is an AppError.
 */
export async function resendVerificationEmail(
  deps: { db: Db; auth: Auth; clock: Clock },
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<{ message: string }> {
  const [user] = await deps.db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", "Account not found");
  if (user.emailVerified) throw new AppError("VALIDATION", ALREADY_VERIFIED);
  await enforceAccountLimit(deps, { action: "resend_verification", subject: userId, userId }, meta);
  await deps.auth.api.sendVerificationEmail({
    body: { email: user.email, callbackURL: "/account/email" },
    headers: meta.headers,
  });
  return { message: `We've sent a new link to ${user.email}. It works for ${VERIFY_EMAIL_HOURS} hours.` };
}
