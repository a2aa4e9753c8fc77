import type { Db } from "#db/client.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { PRODUCT_TIME_ZONE } from "../shared/time";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isRateLimitedAction } from "./permissions";

/** The spec's admin limit: 10 actions per 60-second window per staff member and action. */
export const ADMIN_ACTION_LIMIT = { limit: 10, windowSeconds: 60 };
/** Below this many remaining, the page warns '{n} requests remaining'. */
export const WARN_BELOW = 3;

const clockFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: PRODUCT_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

export function rateLimitExceeded(at: Date) {
  return `Rate limit exceeded. Try again at ${clockFormat.format(at)}`;
}

/** The spec's '{n} requests remaining', in English: "1 request remaining" (decision 070). */
export function requestsRemaining(n: number) {
  return `${n} ${n === 1 ? "request" : "requests"} remaining`;
}

/**
 * Counts one attempt of a back-office action before it runs, in the database so every process shares the
 * count. Over the limit: a `rate_limited` security event and RATE_LIMITED with the Sydney time to try again.
 * Returns the warning to show when few attempts remain (or null). Actions without one of the spec's verbs,
 * and everything while `enable_rate_limiting` is off, are not counted.
 */
export async function checkAdminRateLimit(
  deps: { db: Db; clock: Clock },
  {
    actorId,
    action,
    ip,
    userAgent,
  }: { actorId: string; action: string; ip?: string | null; userAgent?: string | null },
): Promise<{ warning: string | null }> {
  if (!isRateLimitedAction(action)) return { warning: null };
  if (!(await isFeatureEnabled(deps.db, "enable_rate_limiting"))) return { warning: null };
  const now = deps.clock.now();
  const hit = await hitRateLimit(deps.db, { key: `admin:${actorId}:${action}`, ...ADMIN_ACTION_LIMIT, now });
  if (!hit.allowed) {
    const message = rateLimitExceeded(new Date(now.getTime() + hit.retryAfterSeconds * 1000));
    await recordSecurityEvent(deps.db, {
      eventType: "rate_limited",
      attemptedAction: action,
      success: false,
      userId: actorId,
      errorMessage: "Rate limit exceeded for admin action",
      metadata: { action, limit: ADMIN_ACTION_LIMIT.limit, windowSeconds: ADMIN_ACTION_LIMIT.windowSeconds },
      ipAddress: ip ?? null,
      userAgent: userAgent ?? null,
    });
    throw new AppError("RATE_LIMITED", message, { retryAfterSeconds: hit.retryAfterSeconds });
  }
  return { warning: hit.remaining < WARN_BELOW ? requestsRemaining(hit.remaining) : null };
}
