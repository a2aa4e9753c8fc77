import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema/auth";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { PASSKEY_CEREMONY_EXPIRED } from "./add-passkey";
import { takePasskeyChallenge } from "./passkey-challenges";
import { relyingParty } from "./passkey-relying-party";
import { parseCeremonyAnswer } from "./passkey-response";
import { markReauthenticated, type ReauthOutcome, type SessionRef } from "./reauthentication";
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
): Promise<ReauthOutcome> {
  const limited = await checkAccountLimit(deps, { action: "reauthenticate", subject: userId, userId }, meta);
  if (limited) return limited;
  const now = deps.clock.now();
  const outcome = await check();
  await recordSecurityEvent(deps.db, {
    eventType: "reauthentication",
    attemptedAction: "reauthenticate_passkey",
    success: outcome.ok,
    userId,
    errorMessage: outcome.ok ? null : outcome.message,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  if (outcome.ok) await markReauthenticated(deps.db, session.id, now);
  return outcome;

  async function check(): Promise<ReauthOutcome> {
    const failed = { ok: false as const, status: 400, message: PASSKEY_NOT_CONFIRMED };
    const answer = parseCeremonyAnswer(response);
    if (!answer) return failed;
    const expectedChallenge = await takePasskeyChallenge(deps.db, {
      ceremony: "reauthentication",
      sessionId: session.id,
      now,
    });
    if (!expectedChallenge) return { ok: false, status: 400, message: PASSKEY_CEREMONY_EXPIRED };
    const [passkey] = await deps.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialID, answer.id), eq(passkeys.userId, userId)));
    if (!passkey) return failed;
    const { rpID, origin } = relyingParty(deps.appUrl);
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: answer as unknown as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialID,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64")),
          counter: passkey.counter,
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: true,
      });
    } catch {
      // A wrong challenge, origin or counter, or no check of the person: the reason is for us, not the member.
      return failed;
    }
    if (!verification.verified) return failed;
    // Only from the counter we checked against: a clone of the passkey used at the same moment loses.
    const moved = await deps.db
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
      .returning();
    return moved.length ? { ok: true } : failed;
  }
}
