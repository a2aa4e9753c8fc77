import type { Db } from "#db/client.ts";
import { findSuspension } from "./appealed-decisions";
import { signAppealToken } from "./appeal-token";

/**
 * The appeal token for the sign-in refusal of a suspended member (decision 097), or undefined when the account is
 * not suspended (a staff deletion refuses with the same words and has nothing to appeal). Call it only once the
 * password (or the e-mailed code) was found right: the token opens the appeal form for this member.
 */
export async function suspensionAppealToken(db: Db, userId: string | null | undefined, now: Date) {
  if (!userId) return undefined;
  const suspension = await findSuspension(db, userId);
  return suspension ? signAppealToken({ userId, suspendedAt: suspension.decisionAt }, now) : undefined;
}
