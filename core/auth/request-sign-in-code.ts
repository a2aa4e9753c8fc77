import type { Db } from "#db/client.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Clock } from "../shared/clock";
import { AppError } from "../shared/app-error";
import { enforceAccountLimit } from "./account-limits";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { emailSchema } from "./credentials-schema";

/** The spec's message for the one-time-code flow without an address (we offer codes by e-mail only). */
export const EMAIL_OR_PHONE_REQUIRED = "You must provide either an email or phone number.";
/** The same answer whether or not the address has an account: it must not tell anyone who is a member. */
export const SIGN_IN_CODE_SENT = "If an account uses this address, we've e-mailed a 6-digit code to it.";

/** The code is on its way (or would be, had the address an account): the address as read, and what to tell. */
export type CodeRequested = { email: string; message: string };

/**
 * 'Email me a sign-in code': mails a code to an existing account only (emailOTP's disableSignUp, and our
 * sendVerificationOTP in auth.ts writes to existing accounts only), so asking never creates an account and the
 * answer is the same either way. Limited per e-mail and per client address; each request is a security event.
 */
export async function requestSignInCode(
  deps: { db: Db; auth: Auth; clock: Clock },
  { email: raw }: { email: unknown },
  meta: RequestMeta,
): Promise<CodeRequested> {
  if (typeof raw !== "string" || !raw.trim()) throw invalidEmail(EMAIL_OR_PHONE_REQUIRED);
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw invalidEmail(parsed.error.issues[0]?.message ?? "Invalid email address");
  const email = parsed.data;
  await enforceAccountLimit(deps, { action: "sign_in_code_request", subject: email }, meta);
  await deps.auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: meta.headers });
  await recordSecurityEvent(deps.db, {
    eventType: "sign_in_code_request",
    attemptedAction: "sign_in_code",
    success: true,
    metadata: { email },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { email, message: SIGN_IN_CODE_SENT };
}

function invalidEmail(message: string) {
  return new AppError("VALIDATION", message, { field: "email" });
}
