import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Db } from "../../db/client";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";

export type PasskeySignInStart =
  | { ok: true; options: PublicKeyCredentialRequestOptionsJSON; headers: Headers }
  | { ok: false; status: number; message: string };

/**
 * The first half of signing in with a passkey: Better Auth's plugin makes the challenge and keeps it behind a
 * signed cookie (returned in `headers`, for the browser). No e-mail address is asked for: the passkeys are
 * discoverable, so the browser offers the ones it has for this site.
 */
export async function startPasskeySignIn(
  deps: { db: Db; clock: Clock; auth: Auth },
  meta: RequestMeta,
): Promise<PasskeySignInStart> {
  const limited = await checkAccountLimit(deps, { action: "passkey_sign_in_start", subject: meta.ip }, meta);
  if (limited) return limited;
  const { headers, response } = await deps.auth.api.generatePasskeyAuthenticationOptions({
    headers: meta.headers,
    returnHeaders: true,
  });
  return { ok: true, options: response as PublicKeyCredentialRequestOptionsJSON, headers };
}
