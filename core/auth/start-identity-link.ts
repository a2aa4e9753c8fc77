import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import type { Auth } from "./auth";
import { requireVerifiedAddress } from "./verified-address";
import type { IdentityProviderConfig } from "./identity-providers";
import { goToProvider, requireOfferedProvider } from "./start-identity-sign-in";

/**
 * Starts linking a provider to the signed-in member (the route has checked the 10-minute reauthentication):
 * Better Auth binds the state to this session, sends the member to the provider and, when the provider's
 * identity has the member's verified address, links it on the way back (identity-auth-hooks.ts logs and mails it).
 */
export async function startIdentityLink(
  deps: { db: Db; auth: Auth; clock: Clock; providers: IdentityProviderConfig },
  input: { userId: string; provider: string; callbackURL: string; errorCallbackURL: string },
  meta: RequestMeta,
): Promise<{ url: string; headers: Headers }> {
  requireOfferedProvider(deps.providers, input.provider);
  await requireVerifiedAddress(deps.db, input.userId);
  await enforceAccountLimit(deps, { action: "identity_change", subject: input.userId, userId: input.userId }, meta);
  return goToProvider(() =>
    deps.auth.api.linkSocialAccount({
      body: {
        provider: input.provider,
        callbackURL: input.callbackURL,
        errorCallbackURL: input.errorCallbackURL,
        disableRedirect: true,
      },
      headers: meta.headers,
      returnHeaders: true,
    }),
  );
}
