import crypto from "node:crypto";
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { takePasskeyChallenge } from "./passkey-challenges";
import { expectedAnswer } from "./passkey-relying-party";
import { parseCeremonyAnswer } from "./passkey-response";
import { recordAccountChange } from "./record-account-change";
import { requirePasskeyName } from "./rename-passkey";
import { requireVerifiedAddress } from "./verified-address";

export const PASSKEY_NOT_ADDED = "We couldn't add that passkey. Please try again.";
export const PASSKEY_CEREMONY_EXPIRED = "That took too long or was already used. Please try again.";
export const PASSKEY_ALREADY_ADDED = "That passkey is already on an account.";

/**
 * The second half of adding a passkey: checks the browser's answer against the challenge this session was given
 * (one use), then stores the passkey in Better Auth's table, writes a `passkey_added` security event and mails the
 * member, all in one transaction.
 */
export async function addPasskey(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, sessionId, name, response }: { userId: string; sessionId: string; name: unknown; response: unknown },
  meta: RequestMeta,
): Promise<{ passkeyId: string; name: string }> {
  const passkeyName = requirePasskeyName(name);
  const answer = parseCeremonyAnswer(response);
  if (!answer) throw new AppError("VALIDATION", PASSKEY_NOT_ADDED);
  await requireVerifiedAddress(deps.db, userId);
  await enforceAccountLimit(deps, { action: "passkey_change", subject: userId, userId }, meta);
  const now = deps.clock.now();
  const expectedChallenge = await takePasskeyChallenge(deps.db, { ceremony: "registration", sessionId, now });
  if (!expectedChallenge) throw new AppError("VALIDATION", PASSKEY_CEREMONY_EXPIRED);

  // A malformed or forged answer throws: the library says why in its message, which is not for the member.
  const verification = await verifyRegistrationResponse({
    response: answer as unknown as Parameters<typeof verifyRegistrationResponse>[0]["response"],
    ...expectedAnswer(deps.appUrl, expectedChallenge),
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo) throw new AppError("VALIDATION", PASSKEY_NOT_ADDED);
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verification.registrationInfo;

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: crypto.randomUUID(),
        name: passkeyName,
        userId,
        credentialID: credential.id,
        // Stored as Better Auth's plugin stores it (standard base64), so the plugin's sign-in can read it.
        publicKey: Buffer.from(credential.publicKey).toString("base64"),
        counter: credential.counter,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        transports: (credential.transports ?? answer.response.transports ?? []).join(","),
        createdAt: now,
        aaguid,
      })
      .onConflictDoNothing({ target: passkeys.credentialID })
      .returning();
    if (!row) throw new AppError("CONFLICT", PASSKEY_ALREADY_ADDED);
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "passkey_added",
        what: `A passkey named "${passkeyName}" was added to your account.`,
        metadata: { passkeyId: row.id, name: passkeyName },
      },
      { meta, now, appUrl: deps.appUrl },
    );
    return { passkeyId: row.id, name: passkeyName };
  });
}
