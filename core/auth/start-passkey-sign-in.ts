import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";

export type PasskeySignInStart = { options: PublicKeyCredentialRequestOptionsJSON; headers: Headers };

/**
 * The first half of signing in with a passkey: Better Auth's plugin makes the challenge and keeps it behind a
 * signed cookie (returned in `headers`, for the browser). No e-mail address is asked for: the passkeys are
 * discoverable, so the browser offers the ones it has for this site.
 */
export async function startPasskeySignIn(
  deps: { db: Db; clock: Clock; auth: Auth },
  meta: RequestMeta,
): Promise<PasskeySignInStart> {
  await enforceAccountLimit(deps, { action: "passkey_sign_in_start", subject: meta.ip }, meta);
  const { headers, response } = await deps.auth.api.generatePasskeyAuthenticationOptions({
    headers: meta.headers,
    returnHeaders: true,
  });
  return { options: response as PublicKeyCredentialRequestOptionsJSON, headers };
}
