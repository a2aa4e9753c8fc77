import { and, eq, gte, ne } from "drizzle-orm";
import { verifyJWT } from "better-auth/crypto";
import { securityEvents } from "#db/schema/audit.ts";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Clock } from "../shared/clock";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";
import { claimEmailChangeLink } from "./pending-email-change";
import { voidPasswordResetLinks } from "./password-reset-links";
import { recordAccountChange } from "./record-account-change";
import { removeUnprovenAccess } from "./remove-unproven-access";

/**
 * What opening the link did, each a page of its own (none is an error: the page explains it, and what to do next).
 * Only "verified" and "email_changed" changed anything.
 */
export type VerifyEmailOutcome =
  | { kind: "verified"; email: string }
  | { kind: "email_changed"; email: string }
  /** The address is not confirmed yet and nobody is signed in to its account here: sign in with the password first. */
  | { kind: "sign_in_first"; email: string }
  | { kind: "expired" | "invalid" | "other_member" };

/** What the token says about itself (read before Better Auth checks its signature: used only to refuse early). */
type TokenClaims = { email?: string; updateTo?: string; requestType?: string; userId?: string };

/**
 * The link in a verification or change-of-address mail. Better Auth checks the signed token and its 24 hours;
 * the link proves the mailbox and signs nobody in (autoSignInAfterVerification is off, and no cookie it makes is
 * passed on). A link for another account is refused while a different member is signed in. A confirmed change
 * of address switches it, counts the new address as verified (the link was opened from it), and tells the old
 * address at once.
 */
export async function verifyEmailAddress(
  deps: { db: Db; auth: Auth; clock: Clock; appUrl: string },
  { token, signedIn }: { token: unknown; signedIn: { id: string; email: string; sessionId?: string } | null },
  meta: RequestMeta,
): Promise<VerifyEmailOutcome> {
  if (typeof token !== "string" || !token) return { kind: "invalid" };
  const claims = readClaims(token);
  if (!claims) return { kind: "invalid" };
  const owner = claims.userId ?? null;
  if (signedIn && (owner ? owner !== signedIn.id : claims.email !== signedIn.email.toLowerCase())) {
    return { kind: "other_member" };
  }
  const isChange = claims.requestType === "change-email-verification" && !!claims.updateTo && !!owner;
  // Someone may have taken the new address since the request: the change cannot go ahead (nor say who has it).
  if (isChange && (await addressTakenByOther(deps.db, claims.updateTo as string, owner as string)))
    return { kind: "invalid" };
  // A change of address issued before the mailbox was proven (by whoever held the account then) is void.
  if (isChange && (await issuedBeforeProof(deps.db, owner as string, token))) return { kind: "invalid" };
  // One use, and only the newest link of a change still pending from the address the account has now: a link
  // that was used, replaced by a newer request, cancelled, or sent before another address change is void.
  const claim = { userId: owner as string, token, newEmail: claims.updateTo as string, fromEmail: claims.email ?? "" };
  if (isChange && !(await claimEmailChangeLink(deps.db, claim))) return { kind: "invalid" };
  // Confirming a new account's address: the person opening the link must also hold the password (be signed in
  // to that account here), or the password of whoever typed the address would survive the proof. A link opened
  // signed out, or by a mail scanner, changes nothing and says how to go on (decision 067).
  const pending = isChange ? null : await unverifiedAccount(deps.db, claims.email as string);
  if (pending && (!signedIn || signedIn.id !== pending.id || !signedIn.sessionId)) {
    if (await tokenIsSound(deps, token)) return { kind: "sign_in_first", email: claims.email as string };
  }

  try {
    await deps.auth.api.verifyEmail({ query: { token }, headers: meta.headers });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === "TOKEN_EXPIRED") return { kind: "expired" };
    if (code === "INVALID_USER") return { kind: "other_member" };
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND" || (error as { name?: string }).name === "ZodError")
      return { kind: "invalid" };
    throw error;
  }

  if (isChange && owner && claims.updateTo && claims.email) {
    const from = claims.email;
    const to = claims.updateTo;
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ emailVerified: true, updatedAt: deps.clock.now() }).where(eq(users.id, owner));
      // A reset link mailed to the old address must not set a password once the account has moved on.
      await voidPasswordResetLinks(tx, { userId: owner });
      await recordAccountChange(
        tx,
        {
          userId: owner,
          eventType: "email_changed",
          what: `The e-mail address of your SwapShed account was changed from ${from} to ${to}.`,
          metadata: { from, to },
          notifyAddress: from,
        },
        { meta, now: deps.clock.now(), appUrl: deps.appUrl },
      );
    });
    return { kind: "email_changed", email: to };
  }
  if (pending && signedIn?.sessionId) {
    await removeUnprovenAccess(
      { db: deps.db, now: deps.clock.now(), appUrl: deps.appUrl },
      { userId: pending.id, proof: { via: "verification_link", sessionId: signedIn.sessionId } },
      meta,
    );
  }
  await recordSecurityEvent(deps.db, {
    eventType: "email_verified",
    attemptedAction: "verify_email",
    success: true,
    userId: owner,
    metadata: { email: claims.email },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { kind: "verified", email: claims.email ?? "" };
}

function readClaims(token: string): TokenClaims | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload && typeof payload === "object" && typeof payload.email === "string"
      ? (payload as TokenClaims)
      : null;
  } catch {
    return null;
  }
}

async function addressTakenByOther(db: Db, email: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, userId)));
  return !!row;
}

async function unverifiedAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row && !row.verified ? { id: row.id } : null;
}

/**
 * Whether a change-of-address token was signed before the account's mailbox was proven (remove-unproven-access.ts).
 * `iat` is in whole seconds: a proof within the second the token was signed counts as after it (no such token can
 * be asked for before the proof any more; this voids the ones asked for before this rule).
 */
async function issuedBeforeProof(db: Db, userId: string, token: string) {
  const issuedAt = readIssuedAt(token);
  if (issuedAt === null) return true;
  const [proof] = await db
    .select({ at: securityEvents.createdAt })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.eventType, "mailbox_proven"),
        gte(securityEvents.createdAt, new Date((issuedAt + 1) * 1000)),
      ),
    )
    .limit(1);
  return !!proof;
}

function readIssuedAt(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.iat === "number" ? payload.iat : null;
  } catch {
    return null;
  }
}

/** The token's signature and expiry, checked without using it (Better Auth's own check, on our secret). */
async function tokenIsSound(deps: { auth: Auth }, token: string) {
  const { secret } = await deps.auth.$context;
  return (await verifyJWT(token, secret)) !== null;
}
