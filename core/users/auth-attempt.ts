import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { addressKey } from "../rate-limit/address-key";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Db } from "../../db/client";
import type { Clock } from "../shared/clock";

/** Who is attempting: taken from the socket (or the trusted proxy) by the HTTP layer. */
export type RequestMeta = { ip: string; userAgent: string | null; headers: Headers };

export type AuthOutcome =
  | { ok: true; userId: string; headers: Headers }
  | {
      ok: false;
      status: number;
      message: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      /** The password was right and the account has two-factor on: the cookie that carries the second step. */
      twoFactor?: { headers: Headers };
      /** The password was right and the member's own deletion is pending: the offer to keep the account. */
      pendingDeletion?: { proof: string; deletesOn: string };
    };

// The product decisions (shared/spec/DECISIONS.md): 5 attempts per e-mail per 5 minutes, plus a per-address limit.
export const EMAIL_LIMIT = { limit: 5, windowSeconds: 300 };
export const ADDRESS_LIMIT = { limit: 20, windowSeconds: 300 };

export type AuthDeps = { db: Db; clock: Clock; authAddressLimit?: number };

export function tooManyAttempts(seconds: number) {
  return `Too many attempts. Please try again in ${seconds} seconds.`;
}

/**
 * Counts one sign-in or sign-up attempt against the e-mail and the address; returns the refusal when
 * either limit is exceeded (and logs it), or null when the attempt may go ahead.
 */
export async function checkAuthRateLimit(
  { db, clock, authAddressLimit }: AuthDeps,
  { action, email, meta }: { action: "sign_in" | "sign_up"; email: string; meta: RequestMeta },
): Promise<AuthOutcome | null> {
  if (!(await isFeatureEnabled(db, "enable_rate_limiting"))) return null;
  const now = clock.now();
  const byEmail = await hitRateLimit(db, { key: `auth:email:${email}`, ...EMAIL_LIMIT, now });
  const byAddress = await hitRateLimit(db, {
    key: `auth:ip:${addressKey(meta.ip)}`,
    limit: authAddressLimit ?? ADDRESS_LIMIT.limit,
    windowSeconds: ADDRESS_LIMIT.windowSeconds,
    now,
  });
  const refused = [byEmail, byAddress].filter((r) => !r.allowed);
  if (refused.length === 0) return null;
  const seconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
  const message = tooManyAttempts(seconds);
  await recordSecurityEvent(db, {
    eventType: "rate_limited",
    attemptedAction: action,
    success: false,
    errorMessage: message,
    metadata: { email, limitedBy: byEmail.allowed ? "address" : "email" },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { ok: false, status: 429, message, retryAfterSeconds: seconds };
}
