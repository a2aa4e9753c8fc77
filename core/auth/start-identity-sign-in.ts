import { APIError } from "better-auth";
import type { Db } from "../../db/client";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import type { Auth } from "./auth";
import { type IdentityProviderConfig, identityProviderLabel } from "./identity-providers";

export type StartOutcome = { ok: true; url: string; headers: Headers } | { ok: false; status: number; message: string };

/**
 * Starts "Continue with <provider>": Better Auth stores the state (with the PKCE verifier and the nonce), sets
 * its state cookie and answers the provider's authorization URL. The provider sends the browser back to
 * /api/auth/callback/:id, and from there to `callbackURL` (or `newUserCallbackURL` for a new account) signed in,
 * or to `errorCallbackURL` with ?error=<code>.
 */
export async function startIdentitySignIn(
  deps: { db: Db; auth: Auth; clock: Clock; providers: IdentityProviderConfig },
  input: { provider: string; callbackURL: string; newUserCallbackURL: string; errorCallbackURL: string },
  meta: RequestMeta,
): Promise<StartOutcome> {
  if (!identityProviderLabel(deps.providers, input.provider)) {
    return { ok: false, status: 400, message: "That way of signing in isn't available." };
  }
  const limited = await checkAccountLimit(deps, { action: "identity_sign_in", subject: meta.ip }, meta);
  if (limited) return limited;
  try {
    const { headers, response } = await deps.auth.api.signInSocial({
      body: {
        provider: input.provider,
        callbackURL: input.callbackURL,
        newUserCallbackURL: input.newUserCallbackURL,
        errorCallbackURL: input.errorCallbackURL,
        disableRedirect: true,
      },
      headers: meta.headers,
      returnHeaders: true,
    });
    if (response.url) return { ok: true, url: response.url, headers };
  } catch (error) {
    // The provider's discovery document could not be read (it is down): Better Auth does not know it yet.
    if (!(error instanceof APIError)) throw error;
  }
  return { ok: false, status: 502, message: PROVIDER_UNAVAILABLE };
}

export const PROVIDER_UNAVAILABLE = "Signing in with that provider isn't working right now. Please try again later.";
