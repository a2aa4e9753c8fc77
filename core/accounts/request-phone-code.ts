import crypto from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { phoneConfirmations } from "#db/schema/phone-confirmations.ts";
import { profiles } from "#db/schema/profiles.ts";
import { enforceAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { normaliseAustralianMobile, formatMobile } from "../sms/phone-number";
import { deliverPendingSms, enqueueSms, type SmsProvider } from "../sms/sms-outbox";

export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_ATTEMPTS = 5;
export const ALREADY_CONFIRMED = "This number is already confirmed on your account.";

/** SHA-256 of a code, as phone_confirmations keeps it: the code itself is never stored. */
export function hashPhoneCode(code: string): string {
  return crypto.createHash("sha256").update(code).digest("hex");
}

export function phoneCodeText(code: string): string {
  return `${code} is your SwapShed code to confirm this phone. It expires in ${PHONE_CODE_MINUTES} minutes. Never share it: SwapShed will never ask you for it.`;
}

/**
 * 'Send code': texts a 6-digit code to an Australian mobile number the member typed, to prove it is theirs. One
 * live code per member (a new request replaces the last, and its wrong tries start again), valid for
 * PHONE_CODE_MINUTES; the code is stored as its SHA-256 only. Limited per member, per client address and per
 * number (account-limits.ts), counted before anything is written so a refused request still counts. The text is
 * queued in the same transaction (sms_outbox) and handed to the provider after commit; what cannot go now the
 * background delivery retries.
 */
export async function requestPhoneCode(
  deps: { db: Db; clock: Clock; sms?: SmsProvider },
  { userId, phone: typed }: { userId: string; phone: unknown },
  meta: RequestMeta,
): Promise<{ phone: string; message: string }> {
  const phone = normaliseAustralianMobile(typed);
  const [confirmed] = await deps.db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.phone, phone), isNotNull(profiles.phoneConfirmedAt)));
  if (confirmed) throw new AppError("CONFLICT", ALREADY_CONFIRMED, { field: "phone" });
  await enforceAccountLimit(deps, { action: "phone_code_request", subject: userId, userId }, meta);
  await enforceAccountLimit(deps, { action: "phone_code_daily", subject: userId, userId }, meta);
  await enforceAccountLimit(deps, { action: "phone_code_number", subject: phone, userId }, meta);

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const expiresAt = new Date(deps.clock.now().getTime() + PHONE_CODE_MINUTES * 60_000);
  const queued = await deps.db.transaction(async (tx) => {
    const fresh = { phone, codeHash: hashPhoneCode(code), attempts: 0, expiresAt, createdAt: deps.clock.now() };
    await tx
      .insert(phoneConfirmations)
      .values({ userId, ...fresh })
      .onConflictDoUpdate({ target: phoneConfirmations.userId, set: fresh });
    return enqueueSms(tx, { to: phone, body: phoneCodeText(code), template: "phone_code" }, { userId });
  });
  if (deps.sms) {
    // After commit, this one text now (the member is waiting for it); never throws: the change has happened.
    await deliverPendingSms(deps.db, deps.sms, { limit: 1, only: [queued.id] }).catch((error) =>
      logger.error("sms delivery after commit failed", { error: String(error) }),
    );
  }
  return {
    phone,
    message: `We've sent a 6-digit code to ${formatMobile(phone)}. It works for ${PHONE_CODE_MINUTES} minutes.`,
  };
}
