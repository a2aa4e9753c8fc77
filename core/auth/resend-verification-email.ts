import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import { type Auth, VERIFY_EMAIL_HOURS } from "./auth";
import type { RequestMeta } from "./auth-attempt";

export const ALREADY_VERIFIED = "Your e-mail address is already verified.";

export type ResendOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** 'Resend verification e-mail' on My Account: a new 24-hour link to the member's own address, rate limited. */
export async function resendVerificationEmail(
  deps: { db: Db; auth: Auth; clock: Clock },
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<ResendOutcome> {
  const [user] = await deps.db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { ok: false, status: 404, message: "Account not found" };
  if (user.emailVerified) return { ok: false, status: 400, message: ALREADY_VERIFIED };
  const limited = await checkAccountLimit(deps, { action: "resend_verification", subject: userId, userId }, meta);
  if (limited) return limited;
  await deps.auth.api.sendVerificationEmail({
    body: { email: user.email, callbackURL: "/account/email" },
    headers: meta.headers,
  });
  return { ok: true, message: `We've sent a new link to ${user.email}. It works for ${VERIFY_EMAIL_HOURS} hours.` };
}
