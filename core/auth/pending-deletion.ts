import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import type { Clock } from "../shared/clock";
import { ACCOUNT_DELETION_PENDING_CODE, type Auth } from "./auth";
import type { PendingDeletion } from "./auth-attempt";
import { formatLongDate } from "../shared/time";
import { makeKeepAccountProof } from "./keep-account-proof";

/** Better Auth refused the session because the member's own deletion is pending (the hook in auth.ts). */
export function isPendingDeletion(error: unknown) {
  const e = error as { body?: { code?: string; message?: string } };
  return e?.body?.code === ACCOUNT_DELETION_PENDING_CODE || e?.body?.message === ACCOUNT_DELETION_PENDING_CODE;
}

export const deletionPendingMessage = (date: string) =>
  `Your account is set to be deleted on ${date}. Sign in on the SwapShed website to keep it.`;

/**
 * After the password was found right: when this member asked for their own deletion and its 30 days are not up,
 * the offer to keep the account, with the proof that lets "Keep my account" do it (no session is made). Null
 * otherwise (a staff deletion or suspension, or a deletion already due, is refused as suspended).
 */
export async function pendingDeletionOffer(
  deps: { db: Db; clock: Clock; auth: Auth },
  userId: string,
): Promise<PendingDeletion | null> {
  const [profile] = await deps.db
    .select({
      status: profiles.status,
      deletedAt: profiles.deletedAt,
      permanentDeletionAt: profiles.permanentDeletionAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const now = deps.clock.now();
  if (
    !profile?.deletedAt ||
    profile.status === "suspended" ||
    !profile.permanentDeletionAt ||
    profile.permanentDeletionAt <= now
  )
    return null;
  return {
    kind: "pending-deletion",
    proof: makeKeepAccountProof(deps.auth, { userId, now }),
    deletesOn: formatLongDate(profile.permanentDeletionAt),
  };
}
