import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { savePasskeyChallenge } from "./passkey-challenges";
import { PASSKEY_CEREMONY_SECONDS, relyingParty } from "./passkey-relying-party";
import { transportsOf } from "./start-passkey-registration";

export const NO_PASSKEYS = "There are no passkeys on your account.";

/**
 * The first half of confirming it's you with a passkey: only the member's own passkeys are offered, each must
 * check the person (PIN, fingerprint, face), and the challenge is kept for this session.
 */
export async function startPasskeyReauthentication(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = await deps.db
    .select({ credentialID: passkeys.credentialID, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (own.length === 0) throw new AppError("VALIDATION", NO_PASSKEYS);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.appUrl).rpID,
    allowCredentials: own.map((p) => ({ id: p.credentialID, transports: transportsOf(p.transports) })),
    userVerification: "required",
    timeout: PASSKEY_CEREMONY_SECONDS * 1000,
  });
  await savePasskeyChallenge(deps.db, {
    ceremony: "reauthentication",
    sessionId,
    challenge: options.challenge,
    now: deps.clock.now(),
  });
  return options;
}
