import { eq } from "drizzle-orm";
import { users } from "../../db/schema/auth";
import type { AccountDeps, AccountRefusal } from "./account-deps";
import { checkAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { refuseUnverifiedAddress } from "./verified-address";
import {
  confirmTwoFactorEnrolment,
  type EnrolmentConfirmation,
  type EnrolmentStart,
  startTwoFactorEnrolment,
} from "./two-factor-enrolment";

export const ALREADY_ON = "Two-step sign-in is already on for your account.";

/**
 * A member turns on two-step sign-in from My Account: the same enrolment staff use (core/auth/two-factor-enrolment.ts),
 * behind the 'two_factor_change' limit. The password it asks for is the fresh proof: no separate reauthentication.
 */
export async function beginTwoFactorSetup(
  deps: AccountDeps,
  { userId, password }: { userId: string; password: unknown },
  meta: RequestMeta,
): Promise<EnrolmentStart | AccountRefusal> {
  if (await isOn(deps, userId)) return { ok: false, status: 409, message: ALREADY_ON };
  const unverified = await refuseUnverifiedAddress(deps.db, userId);
  if (unverified) return unverified;
  const limited = await checkAccountLimit(deps, { action: "two_factor_change", subject: userId, userId }, meta);
  if (limited) return limited;
  return startTwoFactorEnrolment(deps, { password }, meta);
}

/** Confirms the key with a code from the app; two-step sign-in is on from here and the backup codes are shown once. */
export async function finishTwoFactorSetup(
  deps: AccountDeps,
  { userId, code }: { userId: string; code: unknown },
  meta: RequestMeta,
): Promise<EnrolmentConfirmation | AccountRefusal> {
  if (await isOn(deps, userId)) return { ok: false, status: 409, message: ALREADY_ON };
  const limited = await checkAccountLimit(deps, { action: "two_factor_change", subject: userId, userId }, meta);
  if (limited) return limited;
  return confirmTwoFactorEnrolment(deps, { userId, code }, meta);
}

async function isOn(deps: AccountDeps, userId: string) {
  const [row] = await deps.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on === true;
}
