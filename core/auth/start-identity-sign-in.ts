import { APIError } from "better-auth";
import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import type { Auth } from "./auth";
import { type IdentityProviderConfig, identityProviderLabel } from "./identity-providers";

/** Where to send the browser (the provider's authorization URL), with Better Auth's state cookie for it. */
export type ToProvider = { url: string; headers: Headers };

export const PROVIDER_NOT_OFFERED = "That way of signing in isn't available.";
export const PROVIDER_UNAVAILABLE = "Signing in with that provider isn't working right now. Please try again later.";

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
): Promise<ToProvider> {
  requireOfferedProvider(deps.providers, input.provider);
  await enforceAccountLimit(deps, { action: "identity_sign_in", subject: meta.ip }, meta);
  return goToProvider(() =>
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

/** Refuses (400) a provider this site does not offer (or no longer does). */
export function requireOfferedProvider(providers: IdentityProviderConfig, provider: string): void {
  if (!identityProviderLabel(providers, provider)) throw new AppError("VALIDATION", PROVIDER_NOT_OFFERED);
}

/**
 * Asks Better Auth for the provider's authorization URL (signing in or linking). When the provider's discovery
 * document cannot be read (it is down), Better Auth refuses with an APIError: the member is told to try later (502).
 */
export async function goToProvider(
  start: () => Promise<{ headers: Headers; response: { url?: string | null } }>,
): Promise<ToProvider> {
  const { headers, response } = await start().catch((error: unknown) => {
    if (error instanceof APIError) throw new AppError("UPSTREAM", PROVIDER_UNAVAILABLE);
    throw error;
  });
  if (!response.url) throw new AppError("UPSTREAM", PROVIDER_UNAVAILABLE);
  return { url: response.url, headers };
}
