import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { accounts, passkeys, sessions, twoFactors, users } from "#db/schema/auth.ts";
import type { RequestMeta } from "./auth-attempt";
import { voidPasswordResetLinks } from "./password-reset-links";
import { recordSecurityEvent } from "../security/record-security-event";
import { recordAccountChange } from "./record-account-change";

/** How the owner proved the mailbox: each keeps what that proof shows is theirs (decision 067). */
export type MailboxProof =
  /** An e-mailed sign-in code: it shows the mailbox only, so the password set before goes too. */
  | { via: "sign_in_code" }
  /** A reset link: the password was just chosen by the mailbox's owner. */
  | { via: "password_reset" }
  /** The verification link, opened while signed in with the password: the password and this session are theirs. */
  | { via: "verification_link"; sessionId: string };

export type RemovedAccess = {
  passkeys: number;
  twoFactor: boolean;
  identities: number;
  password: boolean;
  sessions: number;
};

/**
 * Account pre-hijacking: anyone can sign up with someone else's address and set things up before its owner ever
 * sees it. When the owner proves the mailbox, nothing set up before the proof may survive it: every passkey, the
 * authenticator app and its backup codes, every linked identity, every other session, every open reset link, and
 * (unless the proof shows it is theirs) the password. A pending change of address cannot survive either: its link
 * was issued before this moment, which verifyEmailAddress checks against the `mailbox_proven` event written here.
 * The address is marked verified in the same transaction. The member is told what was removed, if anything.
 * Called only for an address that was not verified before the proof.
 */
export async function removeUnprovenAccess(
  deps: { db: Db; now: Date; appUrl: string },
  { userId, proof }: { userId: string; proof: MailboxProof },
  meta: RequestMeta,
): Promise<RemovedAccess> {
  const keepPassword = proof.via !== "sign_in_code";
  const keepSession = proof.via === "verification_link" ? proof.sessionId : null;
  return deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ emailVerified: true, twoFactorEnabled: false, updatedAt: deps.now })
      .where(eq(users.id, userId));
    const removedPasskeys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning();
    const removedTwoFactor = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning();
    const removedAccounts = await tx
      .delete(accounts)
      .where(and(eq(accounts.userId, userId), ...(keepPassword ? [ne(accounts.providerId, "credential")] : [])))
      .returning();
    const removedSessions = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ...(keepSession ? [ne(sessions.id, keepSession)] : [])))
      .returning();
    await voidPasswordResetLinks(tx, { userId });
    const removed: RemovedAccess = {
      passkeys: removedPasskeys.length,
      twoFactor: removedTwoFactor.length > 0,
      identities: removedAccounts.filter((a) => a.providerId !== "credential").length,
      password: removedAccounts.some((a) => a.providerId === "credential"),
      sessions: removedSessions.length,
    };
    const lost = describeRemoved(removed);
    // Always on record (a change-of-address link issued before this moment is refused by it); mailed only when
    // something was removed: a member confirming their own new account needs no security notice.
    if (lost) {
      await recordAccountChange(
        tx,
        {
          userId,
          eventType: "mailbox_proven",
          what: "Your e-mail address was confirmed, and what was set up on your account before then was removed.",
          more: `To keep your account yours, these were removed: ${lost}. Someone may have signed up with your address before you did.`,
          metadata: { via: proof.via, removed },
        },
        { meta, now: deps.now, appUrl: deps.appUrl },
      );
    } else {
      await recordSecurityEvent(tx, {
        eventType: "mailbox_proven",
        attemptedAction: proof.via,
        success: true,
        userId,
        metadata: { via: proof.via, removed },
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
    }
    return removed;
  });
}

function describeRemoved(removed: RemovedAccess): string {
  const parts: string[] = [];
  if (removed.password) parts.push("the password (choose a new one with 'Forgot password?' on the sign-in page)");
  if (removed.passkeys) parts.push(removed.passkeys === 1 ? "a passkey" : `${removed.passkeys} passkeys`);
  if (removed.twoFactor) parts.push("two-step sign-in and its backup codes");
  if (removed.identities)
    parts.push(removed.identities === 1 ? "a linked sign-in" : `${removed.identities} linked sign-ins`);
  if (removed.sessions)
    parts.push(removed.sessions === 1 ? "a signed-in device" : `${removed.sessions} signed-in devices`);
  return parts.join(", ");
}
