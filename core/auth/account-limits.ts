import type { Db } from "#db/client.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { addressKey } from "../rate-limit/address-key";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { type RequestMeta, tooManyAttempts } from "./auth-attempt";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every account endpoint that sends mail or checks a secret, with its windows: generous for a person, tight for a
 * script. `per` says what is counted: the member, the e-mail address asked about, and/or the client address.
 */
export const ACCOUNT_LIMITS = {
  resend_verification: [{ per: "subject", limit: 3, windowSeconds: HOUR }],
  change_email: [{ per: "subject", limit: 3, windowSeconds: HOUR }],
  sign_in_code_request: [
    { per: "subject", limit: 3, windowSeconds: 15 * MINUTE },
    { per: "address", limit: 20, windowSeconds: 15 * MINUTE },
  ],
  sign_in_code_verify: [
    { per: "subject", limit: 10, windowSeconds: 15 * MINUTE },
    { per: "address", limit: 30, windowSeconds: 15 * MINUTE },
  ],
  // Phone confirmation (decision 095): each code is a paid text message. Per member and client address, and per
  // number (a member cannot use our texts to pester someone else's phone); a day's cap per member on top.
  phone_code_request: [
    { per: "subject", limit: 3, windowSeconds: 15 * MINUTE },
    { per: "address", limit: 20, windowSeconds: 15 * MINUTE },
  ],
  phone_code_number: [{ per: "subject", limit: 3, windowSeconds: HOUR }],
  phone_code_daily: [{ per: "subject", limit: 10, windowSeconds: 24 * HOUR }],
  phone_code_verify: [
    { per: "subject", limit: 10, windowSeconds: 15 * MINUTE },
    { per: "address", limit: 30, windowSeconds: 15 * MINUTE },
  ],
  reauthenticate: [{ per: "subject", limit: 5, windowSeconds: 5 * MINUTE }],
  change_password: [{ per: "subject", limit: 5, windowSeconds: 5 * MINUTE }],
  two_factor_change: [{ per: "subject", limit: 10, windowSeconds: 5 * MINUTE }],
  passkey_sign_in: [{ per: "address", limit: 20, windowSeconds: 5 * MINUTE }],
  // Each start stores a challenge: generous for people, but a script cannot fill the table.
  passkey_sign_in_start: [{ per: "address", limit: 60, windowSeconds: 5 * MINUTE }],
  passkey_change: [{ per: "subject", limit: 10, windowSeconds: 5 * MINUTE }],
  identity_change: [{ per: "subject", limit: 10, windowSeconds: 5 * MINUTE }],
  // Each start of a sign-in with a provider stores a state row until the provider answers.
  identity_sign_in: [{ per: "address", limit: 20, windowSeconds: 5 * MINUTE }],
  session_change: [{ per: "subject", limit: 20, windowSeconds: 5 * MINUTE }],
  profile_change: [{ per: "subject", limit: 20, windowSeconds: HOUR }],
  export_data: [{ per: "subject", limit: 5, windowSeconds: HOUR }],
  delete_account: [{ per: "subject", limit: 5, windowSeconds: 5 * MINUTE }],
} as const satisfies Record<
  string,
  ReadonlyArray<{ per: "subject" | "address"; limit: number; windowSeconds: number }>
>;

export type AccountLimitedAction = keyof typeof ACCOUNT_LIMITS;

/**
 * Counts one attempt at `action` for `subject` (a member id or an e-mail address) and the client address; refuses
 * with the spec's 'Too many attempts' (429 with the wait, after logging a `rate_limited` event) when a window is
 * exceeded. Counters live in the database, so every process shares them: it is called on the database, not inside
 * the use case's transaction, so that a refused or failed attempt still counts. The enable_rate_limiting flag
 * turns them off.
 */
export async function enforceAccountLimit(
  deps: { db: Db; clock: Clock },
  { action, subject, userId = null }: { action: AccountLimitedAction; subject: string; userId?: string | null },
  meta: RequestMeta,
): Promise<void> {
  if (!(await isFeatureEnabled(deps.db, "enable_rate_limiting"))) return;
  const now = deps.clock.now();
  let retryAfter = 0;
  for (const window of ACCOUNT_LIMITS[action]) {
    const key = `account:${action}:${window.per === "subject" ? subject.toLowerCase() : `ip:${addressKey(meta.ip)}`}`;
    const hit = await hitRateLimit(deps.db, { key, limit: window.limit, windowSeconds: window.windowSeconds, now });
    if (!hit.allowed) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
  }
  if (!retryAfter) return;
  const message = tooManyAttempts(retryAfter);
  await recordSecurityEvent(deps.db, {
    eventType: "rate_limited",
    attemptedAction: action,
    success: false,
    userId,
    errorMessage: message,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  throw new AppError("RATE_LIMITED", message, { retryAfterSeconds: retryAfter });
}
