import crypto from "node:crypto";
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema/auth";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { takePasskeyChallenge } from "./passkey-challenges";
import { parsePasskeyName } from "./passkey-name";
import { relyingParty } from "./passkey-relying-party";
import { parseCeremonyAnswer } from "./passkey-response";
import { recordAccountChange } from "./record-account-change";
import { refuseUnverifiedAddress } from "./verified-address";

export const PASSKEY_NOT_ADDED = "We couldn't add that passkey. Please try again.";
export const PASSKEY_CEREMONY_EXPIRED = "That took too long or was already used. Please try again.";
export const PASSKEY_ALREADY_ADDED = "That passkey is already on an account.";

export type AddPasskeyOutcome =
  | { ok: true; passkeyId: string; name: string }
  | { ok: false; status: number; message: string; field?: "name" };

/**
 * The second half of adding a passkey: checks the browser's answer against the challenge this session was given
 * (one use), then stores the passkey in Better Auth's table, writes a `passkey_added` security event and mails the
 * member, all in one transaction.
 */
export async function addPasskey(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, sessionId, name, response }: { userId: string; sessionId: string; name: unknown; response: unknown },
  meta: RequestMeta,
): Promise<AddPasskeyOutcome> {
  const parsedName = parsePasskeyName(name);
  if (!parsedName.ok) return { ...parsedName, field: "name" };
  const answer = parseCeremonyAnswer(response);
  if (!answer) return { ok: false, status: 400, message: PASSKEY_NOT_ADDED };
  const unverified = await refuseUnverifiedAddress(deps.db, userId);
  if (unverified) return unverified;
  const limited = await checkAccountLimit(deps, { action: "passkey_change", subject: userId, userId }, meta);
  if (limited) return limited;
  const now = deps.clock.now();
  const expectedChallenge = await takePasskeyChallenge(deps.db, { ceremony: "registration", sessionId, now });
  if (!expectedChallenge) return { ok: false, status: 400, message: PASSKEY_CEREMONY_EXPIRED };

  const { rpID, origin } = relyingParty(deps.appUrl);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: answer as unknown as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    // A malformed or forged answer: the library says why in its message, which is not for the member.
    return { ok: false, status: 400, message: PASSKEY_NOT_ADDED };
  }
  if (!verification.verified || !verification.registrationInfo)
    return { ok: false, status: 400, message: PASSKEY_NOT_ADDED };
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verification.registrationInfo;

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: crypto.randomUUID(),
        name: parsedName.name,
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
    if (!row) return { ok: false as const, status: 409, message: PASSKEY_ALREADY_ADDED };
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "passkey_added",
        what: `A passkey named "${parsedName.name}" was added to your account.`,
        metadata: { passkeyId: row.id, name: parsedName.name },
      },
      { meta, now, appUrl: deps.appUrl },
    );
    return { ok: true as const, passkeyId: row.id, name: parsedName.name };
  });
}
