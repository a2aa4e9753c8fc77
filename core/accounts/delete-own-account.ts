import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { RETENTION_DAYS } from "./member-guards";
import { endSessions } from "../auth/end-sessions";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "../auth/account-limits";
import type { Auth } from "../auth/auth";
import type { RequestMeta } from "../auth/auth-attempt";
import { formatLongDate } from "../shared/time";
import {
  passwordMatches,
  reauthenticationMethods,
  totpMatches,
  WRONG_CODE,
  WRONG_PASSWORD,
} from "../auth/reauthentication";
import { recordAccountChange } from "../auth/record-account-change";

/** profiles.deletion_reason of a member's own deletion (staff give their own reason, and also suspend). */
export const DELETED_BY_MEMBER = "Deleted by the member";
export const SWAP_AWAITING_FEES =
  "You can't delete your account while a swap is waiting for its handshake fees. Pay your fee, or wait until the swap lapses, then try again.";
export const WRONG_EMAIL = "That is not the e-mail address of this account";

/** How the member confirms: their password, a code from their authenticator app, or (with neither) their address. */
export type DeletionProof = "password" | "totp" | "email";

/** The ways this member may confirm a deletion, the first being the one offered first. */
export async function deletionProofs(db: Db, userId: string): Promise<DeletionProof[]> {
  const methods = await reauthenticationMethods(db, userId);
  const proofs: DeletionProof[] = [];
  if (methods.password) proofs.push("password");
  if (methods.totp) proofs.push("totp");
  // A member who signs in only through an identity provider has no secret to give: the 10-minute recent sign-in
  // (requireRecentAuth) is their proof, and typing the address is the deliberate confirmation.
  if (proofs.length === 0) proofs.push("email");
  return proofs;
}

/**
 * A member deletes their own account: hidden at once (their profile is marked deleted, so their listings leave
 * every public page and they count as signed out), every session ended, and purged for good after 30 days by the
 * daily job (core/accounts/purge-deleted-members.ts). Their status stays 'active': that is how their own deletion is
 * told apart from staff's, and what lets them keep the account by signing in within the 30 days. Refused while a
 * swap they accepted or had accepted still waits for the handshake fees (the other member may have paid already).
 * One transaction, with the `account_deletion_requested` security event and its notice mail.
 */
export async function deleteOwnAccount(
  deps: { db: Db; auth: Auth; clock: Clock; appUrl: string },
  { userId, method, secret }: { userId: string; method: unknown; secret: unknown },
  meta: RequestMeta,
): Promise<{ permanentDeletionAt: Date; headers: Headers }> {
  const proofs = await deletionProofs(deps.db, userId);
  const proof = proofs.find((p) => p === method) ?? proofs[0];
  const text = typeof secret === "string" ? secret.trim() : "";
  if (!text) throw new AppError("VALIDATION", MISSING[proof]);
  await enforceAccountLimit(deps, { action: "delete_account", subject: userId, userId }, meta);

  const wrong = await checkProof(deps, { userId, proof, text }, meta);
  if (wrong) {
    await recordSecurityEvent(deps.db, {
      eventType: "account_deletion_requested",
      attemptedAction: `delete_account_${proof}`,
      success: false,
      userId,
      errorMessage: wrong,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    throw new AppError("VALIDATION", wrong);
  }

  const now = deps.clock.now();
  const permanentDeletionAt = new Date(now.getTime() + RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await deps.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt), ne(profiles.status, "suspended")))
      .for("update");
    if (!profile) throw new AppError("CONFLICT", "This account can't be deleted from here. Please contact support.");
    const [waiting] = await tx
      .select({ id: swapProposals.id })
      .from(swapProposals)
      .where(
        and(
          eq(swapProposals.status, "accepted"),
          or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId)),
        ),
      )
      .limit(1);
    if (waiting) throw new AppError("CONFLICT", SWAP_AWAITING_FEES);
    await tx
      .update(profiles)
      .set({ deletedAt: now, permanentDeletionAt, deletionReason: DELETED_BY_MEMBER, updatedAt: now })
      .where(eq(profiles.userId, userId));
    const sessionsEnded = await endSessions(tx, userId);
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "account_deletion_requested",
        what: `You asked us to delete your SwapShed account. It will be deleted for good on ${formatLongDate(permanentDeletionAt)}. To keep it, sign in before then and choose Keep my account.`,
        metadata: { permanentDeletionAt: permanentDeletionAt.toISOString(), sessionsEnded, confirmedWith: proof },
      },
      { meta, now, appUrl: deps.appUrl },
    );
  });
  return { permanentDeletionAt, headers: await expiredSessionCookie(deps.auth, meta) };
}

const MISSING: Record<DeletionProof, string> = {
  password: "Password is required",
  totp: "Enter the 6-digit code from your app",
  email: "Type your e-mail address to confirm",
};

/** Null when the proof is right, else the message that says what was wrong. */
async function checkProof(
  deps: { db: Db; auth: Auth },
  { userId, proof, text }: { userId: string; proof: DeletionProof; text: string },
  meta: RequestMeta,
) {
  if (proof === "password") return (await passwordMatches(deps.auth, text, meta)) ? null : WRONG_PASSWORD;
  if (proof === "totp") {
    const code = text.replace(/\s+/g, "");
    return /^\d{6}$/.test(code) && (await totpMatches(deps.auth, code, meta)) ? null : WRONG_CODE;
  }
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user && user.email.toLowerCase() === text.toLowerCase() ? null : WRONG_EMAIL;
}

/** The Set-Cookie headers that clear this browser's session cookie (its session row is already gone). */
async function expiredSessionCookie(auth: Auth, meta: RequestMeta): Promise<Headers> {
  try {
    const { headers } = await auth.api.signOut({ headers: meta.headers, returnHeaders: true });
    return headers;
  } catch {
    // No cookie to clear: the account is deleted all the same.
    return new Headers();
  }
}
