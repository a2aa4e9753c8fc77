import { and, eq, gt, isNotNull, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "../auth/account-limits";
import type { Auth } from "../auth/auth";
import type { RequestMeta } from "../auth/auth-attempt";
import { claimedMember, readKeepAccountProof } from "../auth/keep-account-proof";
import { recordAccountChange } from "../auth/record-account-change";

export const KEEP_OFFER_EXPIRED = "This offer has expired. Please sign in again to keep your account.";
export const ACCOUNT_KEPT = "Your account is kept. Welcome back!";

/**
 * "Keep my account": a member who asked for their own deletion, and just gave their password at sign-in (the proof
 * says so, for 10 minutes), cancels it within the 30 days. Staff deletions (status suspended) and deletions already
 * due are not theirs to cancel. One transaction with the `account_deletion_cancelled` event and its notice mail.
 * The proof is made only once every step of a sign-in was given (the password, and the code from the app when
 * two-step sign-in is on), so keeping the account signs the member in: one session, by Better Auth
 * (keep-account-session.ts). A proof used once cannot be used again: the deletion it cancels is gone.
 */
export async function keepAccount(
  deps: { db: Db; auth: Auth; clock: Clock; appUrl: string },
  { proof }: { proof: unknown },
  meta: RequestMeta,
): Promise<{ userId: string; headers: Headers }> {
  const claimed = claimedMember(proof);
  if (!claimed) throw new AppError("VALIDATION", KEEP_OFFER_EXPIRED);
  await enforceAccountLimit(deps, { action: "delete_account", subject: claimed, userId: claimed }, meta);
  const now = deps.clock.now();
  const userId = readKeepAccountProof(deps.auth, proof, now);
  if (!userId) throw new AppError("VALIDATION", KEEP_OFFER_EXPIRED);
  const kept = await deps.db.transaction(async (tx) => {
    const restored = await tx
      .update(profiles)
      .set({ deletedAt: null, permanentDeletionAt: null, deletionReason: null, updatedAt: now })
      .where(
        and(
          eq(profiles.userId, userId),
          isNotNull(profiles.deletedAt),
          ne(profiles.status, "suspended"),
          gt(profiles.permanentDeletionAt, now),
        ),
      )
      .returning();
    if (restored.length === 0) return false;
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "account_deletion_cancelled",
        what: "You cancelled the deletion of your SwapShed account. It stays open.",
      },
      { meta, now, appUrl: deps.appUrl },
    );
    return true;
  });
  if (!kept) throw new AppError("CONFLICT", KEEP_OFFER_EXPIRED);
  const { headers } = await deps.auth.api.startKeptAccountSession({
    body: { userId },
    headers: meta.headers,
    returnHeaders: true,
  });
  return { userId, headers };
}
