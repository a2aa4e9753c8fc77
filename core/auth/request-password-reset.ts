import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { addressKey } from "../rate-limit/address-key";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import type { Db } from "#db/client.ts";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { emailSchema } from "./credentials-schema";

/** The same answer whether or not the address has an account: it must not tell anyone who is a member. */
export const RESET_LINK_SENT =
  "If an account exists for that e-mail, we've sent a link to reset its password. It works for one hour.";
export const TOO_MANY_RESETS = "Too many reset requests. Please try again later.";

const PER_EMAIL = { limit: 3, windowSeconds: 60 * 60 };
const PER_ADDRESS = { limit: 10, windowSeconds: 60 * 60 };

/**
 * 'Forgot password?': mails a one-hour, one-use link if the address has an account, and answers the same either
 * way. Limited per e-mail and per address (an IPv6 client by its /64) so nobody floods an inbox; each request is a
 * `password_reset` security event. Returns the answer to show; a malformed address (naming the field) or too many
 * requests is an AppError.
 */
export async function requestPasswordReset(
  deps: { db: Db; auth: Auth; clock: Clock },
  { email: raw }: { email: unknown },
  meta: RequestMeta,
): Promise<{ message: string }> {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid email address";
    throw new AppError("VALIDATION", message, { field: "email" });
  }
  const email = parsed.data;
  if (await isFeatureEnabled(deps.db, "enable_rate_limiting")) {
    const now = deps.clock.now();
    const byEmail = await hitRateLimit(deps.db, { key: `reset:email:${email}`, ...PER_EMAIL, now });
    const byAddress = await hitRateLimit(deps.db, { key: `reset:ip:${addressKey(meta.ip)}`, ...PER_ADDRESS, now });
    if (!byEmail.allowed || !byAddress.allowed) {
      await recordSecurityEvent(deps.db, {
        eventType: "rate_limited",
        attemptedAction: "password_reset",
        success: false,
        errorMessage: TOO_MANY_RESETS,
        metadata: { email },
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
      throw new AppError("RATE_LIMITED", TOO_MANY_RESETS);
    }
  }
  await deps.auth.api.requestPasswordReset({ body: { email }, headers: meta.headers });
  await recordSecurityEvent(deps.db, {
    eventType: "password_reset",
    attemptedAction: "request",
    success: true,
    metadata: { email },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { message: RESET_LINK_SENT };
}
