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
  const unknown = unknownProvider(deps.providers, input.provider);
  if (unknown) return unknown;
  const limited = await checkAccountLimit(deps, { action: "identity_sign_in", subject: meta.ip }, meta);
  if (limited) return limited;
  return toProvider(() =>
    deps.auth.api.signInSocial({
      body: {
        provider: input.provider,
        callbackURL: input.callbackURL,
        newUserCallbackURL: input.newUserCallbackURL,
        errorCallbackURL: input.errorCallbackURL,
        disableRedirect: true,
      },
      headers: meta.headers,
      returnHeaders: true,
    }),
  );
}

/** A provider this site does not offer (or no longer does). */
export function unknownProvider(providers: IdentityProviderConfig, provider: string): StartOutcome | null {
  return identityProviderLabel(providers, provider)
    ? null
    : { ok: false, status: 400, message: "That way of signing in isn't available." };
}

/**
 * Asks Better Auth for the provider's authorization URL (signing in or linking). When the provider's discovery
 * document cannot be read (it is down), Better Auth refuses with an APIError: the member is told to try later.
 */
export async function toProvider(
  start: () => Promise<{ headers: Headers; response: { url?: string | null } }>,
): Promise<StartOutcome> {
  try {
    const { headers, response } = await start();
    if (response.url) return { ok: true, url: response.url, headers };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  return { ok: false, status: 502, message: PROVIDER_UNAVAILABLE };
}

export const PROVIDER_UNAVAILABLE = "Signing in with that provider isn't working right now. Please try again later.";
