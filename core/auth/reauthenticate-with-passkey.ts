import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { PASSKEY_CEREMONY_EXPIRED } from "./add-passkey";
import { takePasskeyChallenge } from "./passkey-challenges";
import { expectedAnswer } from "./passkey-relying-party";
import { parseCeremonyAnswer } from "./passkey-response";
import { markReauthenticated, type SessionRef } from "./reauthentication";
import { transportsOf } from "./start-passkey-registration";

export const PASSKEY_NOT_CONFIRMED = "Your passkey couldn't confirm it's you. Please try again.";

/**
 * Confirms it's the signed-in member with one of their own passkeys, then marks the session fresh.
 *
 * We check the answer ourselves (@simplewebauthn/server, against the stored public key) rather than through
 * Better Auth's verifyPasskeyAuthentication: that one accepts any member's passkey and creates a new session,
 * which we would then have to find and delete (with its cookie already made). Here no session is created, only
 * this member's passkeys count, and the signature counter moves on only if no other use of the passkey got there
 * first. Rate limited per member like the password; each try is a `reauthentication` security event.
 */
export async function reauthenticateWithPasskey(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, session, response }: { userId: string; session: SessionRef; response: unknown },
  meta: RequestMeta,
): Promise<void> {
  await enforceAccountLimit(deps, { action: "reauthenticate", subject: userId, userId }, meta);
  const now = deps.clock.now();
  const refusal = await check();
  await recordSecurityEvent(deps.db, {
    eventType: "reauthentication",
    attemptedAction: "reauthenticate_passkey",
    success: !refusal,
    userId,
    errorMessage: refusal,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  if (refusal) throw new AppError("VALIDATION", refusal);
  await markReauthenticated(deps.db, session.id, now);

  /** Null when the passkey proved it's the member, else what the member is told. */
  async function check(): Promise<string | null> {
    const answer = parseCeremonyAnswer(response);
    if (!answer) return PASSKEY_NOT_CONFIRMED;
    const expectedChallenge = await takePasskeyChallenge(deps.db, {
      ceremony: "reauthentication",
      sessionId: session.id,
      now,
    });
    if (!expectedChallenge) return PASSKEY_CEREMONY_EXPIRED;
    const [passkey] = await deps.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialID, answer.id), eq(passkeys.userId, userId)));
    if (!passkey) return PASSKEY_NOT_CONFIRMED;
    // A wrong challenge, origin or counter, or no check of the person, throws: the reason is for us, not the member.
    const verification = await verifyAuthenticationResponse({
      response: answer as unknown as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      ...expectedAnswer(deps.appUrl, expectedChallenge),
      credential: {
        id: passkey.credentialID,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64")),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    }).catch(() => null);
    if (!verification?.verified) return PASSKEY_NOT_CONFIRMED;
    // Only from the counter we checked against: a clone of the passkey used at the same moment loses.
    const moved = await deps.db
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
      .returning();
    return moved.length ? null : PASSKEY_NOT_CONFIRMED;
  }
}
