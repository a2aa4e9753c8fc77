import { eq } from "drizzle-orm";
import { users } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { AccountDeps } from "./account-deps";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { requireVerifiedAddress } from "./verified-address";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "./two-factor-enrolment";

export const ALREADY_ON = "Two-step sign-in is already on for your account.";

/**
 * A member turns on two-step sign-in from My Account: the same enrolment staff use (core/auth/two-factor-enrolment.ts),
 * behind the 'two_factor_change' limit. The password it asks for is the fresh proof: no separate reauthentication.
 */
export async function beginTwoFactorSetup(
  deps: AccountDeps,
  { userId, password }: { userId: string; password: unknown },
  meta: RequestMeta,
) {
  await refuseWhenOn(deps, userId);
  await requireVerifiedAddress(deps.db, userId);
  await enforceAccountLimit(deps, { action: "two_factor_change", subject: userId, userId }, meta);
  return startTwoFactorEnrolment(deps, { password }, meta);
}

/** Confirms the key with a code from the app; two-step sign-in is on from here and the backup codes are shown once. */
export async function finishTwoFactorSetup(
  deps: AccountDeps,
  { userId, code }: { userId: string; code: unknown },
  meta: RequestMeta,
) {
  await refuseWhenOn(deps, userId);
  await enforceAccountLimit(deps, { action: "two_factor_change", subject: userId, userId }, meta);
  return confirmTwoFactorEnrolment(deps, { userId, code }, meta);
}

async function refuseWhenOn(deps: AccountDeps, userId: string) {
  const [row] = await deps.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (row?.on === true) throw new AppError("CONFLICT", ALREADY_ON);
}
