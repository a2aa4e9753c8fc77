import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { phoneConfirmations } from "#db/schema/phone-confirmations.ts";
import { profiles } from "#db/schema/profiles.ts";
import { enforceAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { hashPhoneCode, PHONE_CODE_ATTEMPTS } from "./request-phone-code";

export const PHONE_CODE_FORMAT = "Enter the 6-digit code from the text message";
export const NO_PHONE_CODE = "There is no code waiting for this account. Send a new code.";
export const WRONG_PHONE_CODE = "That code is not right. Check the text message and try again.";
export const PHONE_CODE_EXPIRED = "That code has expired. Send a new code.";
export const PHONE_CODE_LOCKED = "Too many wrong tries for this code. Send a new code.";

type Outcome = "confirmed" | "none" | "expired" | "wrong" | "locked";

/**
 * 'Confirm': the code texted by requestPhoneCode proves the number. Right, and in one transaction: the profile's
 * phone becomes that number with phone_confirmed_at set, and the code is gone (it works once). Wrong: a try is
 * counted and the code dies at PHONE_CODE_ATTEMPTS; expired: it is gone. These outcomes are written before the
 * refusal is thrown, so a wrong try always counts. Limited per member and client address besides.
 */
export async function confirmPhone(
  deps: { db: Db; clock: Clock },
  { userId, code: typed }: { userId: string; code: unknown },
  meta: RequestMeta,
): Promise<{ phone: string }> {
  const code = typeof typed === "string" ? typed.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(code)) throw new AppError("VALIDATION", PHONE_CODE_FORMAT, { field: "code" });
  await enforceAccountLimit(deps, { action: "phone_code_verify", subject: userId, userId }, meta);
  const now = deps.clock.now();
  const { outcome, phone } = await deps.db.transaction(async (tx): Promise<{ outcome: Outcome; phone: string }> => {
    const [pending] = await tx
      .select()
      .from(phoneConfirmations)
      .where(eq(phoneConfirmations.userId, userId))
      .for("update");
    if (!pending) return { outcome: "none", phone: "" };
    const gone = () => tx.delete(phoneConfirmations).where(eq(phoneConfirmations.userId, userId));
    if (pending.expiresAt <= now) {
      await gone();
      return { outcome: "expired", phone: pending.phone };
    }
    if (!sameHash(pending.codeHash, hashPhoneCode(code))) {
      if (pending.attempts + 1 >= PHONE_CODE_ATTEMPTS) {
        await gone();
        return { outcome: "locked", phone: pending.phone };
      }
      await tx
        .update(phoneConfirmations)
        .set({ attempts: pending.attempts + 1 })
        .where(eq(phoneConfirmations.userId, userId));
      return { outcome: "wrong", phone: pending.phone };
    }
    await gone();
    await tx
      .update(profiles)
      .set({ phone: pending.phone, phoneConfirmedAt: now, updatedAt: now })
      .where(eq(profiles.userId, userId));
    // In the account's security log, beside the other changes to how the member is reached.
    await recordSecurityEvent(tx, {
      eventType: "phone_confirmed",
      attemptedAction: "phone_confirm",
      success: true,
      userId,
      metadata: { phone: pending.phone },
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    return { outcome: "confirmed", phone: pending.phone };
  });
  if (outcome === "confirmed") return { phone };
  const refusal = {
    none: ["CONFLICT", NO_PHONE_CODE],
    expired: ["VALIDATION", PHONE_CODE_EXPIRED],
    wrong: ["VALIDATION", WRONG_PHONE_CODE],
    locked: ["RATE_LIMITED", PHONE_CODE_LOCKED],
  } as const;
  const [errorCode, message] = refusal[outcome];
  throw new AppError(errorCode, message, { field: "code" });
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
