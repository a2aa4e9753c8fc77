import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { addressKey } from "../rate-limit/address-key";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { eq } from "drizzle-orm";
import { users } from "#db/schema/auth.ts";
import { securityNotice } from "../mail/account-templates";
import { enqueueMail } from "../mail/mailer";
import { describeDevice } from "./describe-device";
import { isKnownSignInAddress } from "./known-sign-in-address";

/** Who is attempting: taken from the socket (or the trusted proxy) by the HTTP layer. */
export type RequestMeta = { ip: string; userAgent: string | null; headers: Headers };

/** Signed in: the member, and the session cookie Better Auth set (for the browser). */
export type SignedIn = { kind: "signed-in"; userId: string; headers: Headers };
/** The first factor was right and the account has two-factor on: the signed cookie that carries the second step. */
export type SecondStep = { kind: "second-step"; headers: Headers };
/** Every step was right and the member's own deletion is pending: no session, the offer to keep the account. */
export type PendingDeletion = { kind: "pending-deletion"; proof: string; deletesOn: string };

/**
 * How a sign-in that was not refused ended (a refusal is a thrown AppError): each way of signing in answers the
 * members of this union it can reach.
 */
export type SignInOutcome = SignedIn | SecondStep | PendingDeletion;

// The product decisions (docs/spec/DECISIONS.md): 5 attempts per e-mail per 5 minutes, plus a per-address limit.
// The 5 count per e-mail *and client*: counted per e-mail alone, a stranger's five wrong passwords locked the
// member (staff too) out. A ceiling per e-mail across clients bounds guessing from many addresses (decision 067).
export const EMAIL_LIMIT = { limit: 5, windowSeconds: 300 };
export const ADDRESS_LIMIT = { limit: 20, windowSeconds: 300 };
export const EMAIL_CEILING = { limit: 30, windowSeconds: 60 * 60 };

export type AuthDeps = { db: Db; clock: Clock; authAddressLimit?: number };

export function tooManyAttempts(seconds: number) {
  return `Too many attempts. Please try again in ${seconds} seconds.`;
}

/**
 * Counts one sign-in or sign-up attempt against the e-mail from this client, the client address, and the e-mail
 * across all clients; throws the 429 AppError (with its wait) when a limit is exceeded, and logs it. The ceiling
 * across clients refuses only clients the account has not signed in from (known-sign-in-address.ts), and the
 * first time it is reached in its window the account's owner is told by mail.
 */
export async function enforceAuthRateLimit(
  { db, clock, authAddressLimit, appUrl }: AuthDeps & { appUrl?: string },
  { action, email, meta }: { action: "sign_in" | "sign_up"; email: string; meta: RequestMeta },
): Promise<void> {
  if (!(await isFeatureEnabled(db, "enable_rate_limiting"))) return;
  const now = clock.now();
  const client = addressKey(meta.ip);
  const byEmail = await hitRateLimit(db, { key: `auth:email-client:${email}:${client}`, ...EMAIL_LIMIT, now });
  const byAddress = await hitRateLimit(db, {
    key: `auth:ip:${client}`,
    limit: authAddressLimit ?? ADDRESS_LIMIT.limit,
    windowSeconds: ADDRESS_LIMIT.windowSeconds,
    now,
  });
  const ceiling = await hitRateLimit(db, { key: `auth:email:${email}`, ...EMAIL_CEILING, now });
  if (!ceiling.allowed && ceiling.count === EMAIL_CEILING.limit + 1 && action === "sign_in") {
    await tellOwnerAboutGuessing(db, { email, now, meta, appUrl });
  }
  const ceilingApplies = !ceiling.allowed && !(await isKnownSignInAddress(db, { email, ip: meta.ip, now }));
  const refused = [
    { by: "email", hit: byEmail, applies: !byEmail.allowed },
    { by: "address", hit: byAddress, applies: !byAddress.allowed },
    { by: "email_ceiling", hit: ceiling, applies: ceilingApplies },
  ].filter((r) => r.applies);
  if (refused.length === 0) return;
  const seconds = Math.max(...refused.map((r) => r.hit.retryAfterSeconds));
  const message = tooManyAttempts(seconds);
  await recordSecurityEvent(db, {
    eventType: "rate_limited",
    attemptedAction: action,
    success: false,
    errorMessage: message,
    metadata: { email, limitedBy: refused.map((r) => r.by).join(",") },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  throw new AppError("RATE_LIMITED", message, { retryAfterSeconds: seconds });
}

/** The one notice per ceiling window: what happened, and the ways in that still work. */
async function tellOwnerAboutGuessing(
  db: Db,
  { email, now, meta, appUrl }: { email: string; now: Date; meta: RequestMeta; appUrl?: string },
) {
  const [owner] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
  if (!owner) return;
  await recordSecurityEvent(db, {
    eventType: "sign_in_ceiling_reached",
    attemptedAction: "sign_in",
    success: false,
    userId: owner.id,
    metadata: { attempts: EMAIL_CEILING.limit, windowSeconds: EMAIL_CEILING.windowSeconds },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  await enqueueMail(
    db,
    securityNotice({
      to: email,
      name: owner.name,
      what: "Someone tried many wrong passwords on your SwapShed account.",
      more: `There were more than ${EMAIL_CEILING.limit} password attempts within an hour, from more than one place. Until the hour is up, signing in with the password works only from places you have signed in from before; anywhere else, sign in with a code we e-mail you, or with a passkey. The attempts did not lock your account.`,
      at: now,
      ip: meta.ip,
      device: describeDevice(meta.userAgent),
      appUrl: appUrl ?? "",
    }),
  );
}
