import {
  type AuthenticatorTransportFuture,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { requireVerifiedAddress } from "./verified-address";
import { savePasskeyChallenge } from "./passkey-challenges";
import { PASSKEY_CEREMONY_SECONDS, relyingParty } from "./passkey-relying-party";

/**
 * The first half of adding a passkey: what the browser needs to make one (navigator.credentials.create), with a
 * challenge kept for this session. The passkey must be discoverable, so that it can sign in without an e-mail
 * address, and must check it's the member (PIN, fingerprint, face), so that it counts as two factors at sign-in.
 * The member's existing passkeys are excluded, so one authenticator is not registered twice.
 */
export async function startPasskeyRegistration(
  deps: { db: Db; clock: Clock; appUrl: string },
  { user, sessionId }: { user: { id: string; email: string; name: string }; sessionId: string },
  meta: RequestMeta,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireVerifiedAddress(deps.db, user.id);
  await enforceAccountLimit(deps, { action: "passkey_change", subject: user.id, userId: user.id }, meta);
  const existing = await deps.db
    .select({ credentialID: passkeys.credentialID, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const { rpID, rpName } = relyingParty(deps.appUrl);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    // The authenticator shows these when the member picks a passkey; the user handle is random (as the plugin's).
    userName: user.email,
    userDisplayName: user.name,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialID, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: PASSKEY_CEREMONY_SECONDS * 1000,
  });
  await savePasskeyChallenge(deps.db, {
    ceremony: "registration",
    sessionId,
    challenge: options.challenge,
    now: deps.clock.now(),
  });
  return options;
}

/** The comma-separated transports Better Auth's plugin stores, as WebAuthn lists them. */
export function transportsOf(stored: string | null): AuthenticatorTransportFuture[] | undefined {
  const list = (stored ?? "").split(",").filter(Boolean);
  return list.length ? (list as AuthenticatorTransportFuture[]) : undefined;
}
