import type { Db } from "../../db/client";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { emailSchema } from "./credentials-schema";

/** The spec's message for the one-time-code flow without an address (we offer codes by e-mail only). */
export const EMAIL_OR_PHONE_REQUIRED = "You must provide either an email or phone number.";
/** The same answer whether or not the address has an account: it must not tell anyone who is a member. */
export const SIGN_IN_CODE_SENT = "If an account uses this address, we've e-mailed a 6-digit code to it.";

export type CodeRequestOutcome =
  | { ok: true; email: string; message: string }
  | { ok: false; status: number; message: string; fields?: Record<string, string> };

/**
 * 'Email me a sign-in code': mails a code to an existing account only (emailOTP's disableSignUp, and our
 * sendVerificationOTP in auth.ts writes to existing accounts only), so asking never creates an account and the
 * answer is the same either way. Limited per e-mail and per client address; each request is a security event.
 */
export async function requestSignInCode(
  deps: { db: Db; auth: Auth; clock: Clock },
  { email: raw }: { email: unknown },
  meta: RequestMeta,
): Promise<CodeRequestOutcome> {
  if (typeof raw !== "string" || !raw.trim()) return refuse(EMAIL_OR_PHONE_REQUIRED);
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Invalid email address");
  const email = parsed.data;
  const limited = await checkAccountLimit(deps, { action: "sign_in_code_request", subject: email }, meta);
  if (limited) return limited;
  await deps.auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers: meta.headers });
  await recordSecurityEvent(deps.db, {
    eventType: "sign_in_code_request",
    attemptedAction: "sign_in_code",
    success: true,
    metadata: { email },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { ok: true, email, message: SIGN_IN_CODE_SENT };
}

function refuse(message: string): CodeRequestOutcome {
  return { ok: false, status: 400, message, fields: { email: message } };
}
