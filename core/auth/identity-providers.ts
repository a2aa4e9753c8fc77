// Sign-in with an identity provider, each turned on by configuration only: a generic OpenID Connect provider
// (any issuer with a discovery document), and Google and Apple through Better Auth's own social providers.
import type { GenericOAuthConfig } from "better-auth/plugins";

export type IdentityProviderConfig = {
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  google?: { clientId: string; clientSecret: string };
  apple?: { clientId: string; clientSecret: string; appBundleIdentifier?: string };
};

/**
 * The provider id of the generic OpenID Connect provider. Better Auth 1.7 registers generic providers as social
 * providers: sign-in is auth.api.signInSocial({ provider: "oidc" }) and the callback /api/auth/callback/oidc.
 */
export const OIDC_PROVIDER_ID = "oidc";

/** What the sign-in page and My Account offer, in this order, with the label members read. */
export function identityProviderChoices(
  config: IdentityProviderConfig | undefined,
): Array<{ id: string; label: string }> {
  const choices: Array<{ id: string; label: string }> = [];
  if (config?.google) choices.push({ id: "google", label: "Google" });
  if (config?.apple) choices.push({ id: "apple", label: "Apple" });
  if (config?.oidc) choices.push({ id: OIDC_PROVIDER_ID, label: config.oidc.name });
  return choices;
}

/** The label of a configured provider, or null when `id` is not one of them. */
export function identityProviderLabel(config: IdentityProviderConfig | undefined, id: string): string | null {
  return identityProviderChoices(config).find((choice) => choice.id === id)?.label ?? null;
}

/**
 * Where the browser is sent to sign in with each configured provider: the CSP's form-action must allow these
 * origins, since a sign-in form's POST answers with a redirect there (Chrome checks form-action on redirects).
 * For the generic provider it is the issuer's origin (discovery usually keeps the authorization endpoint there).
 */
export function identityProviderOrigins(config: IdentityProviderConfig | undefined): string[] {
  const origins: string[] = [];
  if (config?.google) origins.push("https://accounts.google.com");
  if (config?.apple) origins.push("https://appleid.apple.com");
  if (config?.oidc) origins.push(new URL(config.oidc.issuer).origin);
  return origins;
}

export function socialProvidersFrom(config: IdentityProviderConfig | undefined) {
  return {
    ...(config?.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {}),
    ...(config?.apple
      ? {
          apple: {
            clientId: config.apple.clientId,
            clientSecret: config.apple.clientSecret,
            appBundleIdentifier: config.apple.appBundleIdentifier,
          },
        }
      : {}),
  };
}

export function genericProvidersFrom(config: IdentityProviderConfig | undefined): GenericOAuthConfig[] {
  if (!config?.oidc) return [];
  const issuer = config.oidc.issuer.replace(/\/+$/, "");
  return [
    {
      providerId: OIDC_PROVIDER_ID,
      name: config.oidc.name,
      discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      scopes: ["openid", "email", "profile"],
      pkce: true,
      requireIdTokenVerification: true,
    },
  ];
}

/** Reads the identity providers from the environment's variables (server/env.ts validated them). */
export function identityProvidersFromEnv(env: {
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_NAME?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_CLIENT_SECRET?: string;
  APPLE_APP_BUNDLE_IDENTIFIER?: string;
}): IdentityProviderConfig {
  return {
    ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          oidc: {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME || "Single sign-on",
          },
        }
      : {}),
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
      ? {
          apple: {
            clientId: env.APPLE_CLIENT_ID,
            clientSecret: env.APPLE_CLIENT_SECRET,
            appBundleIdentifier: env.APPLE_APP_BUNDLE_IDENTIFIER,
          },
        }
      : {}),
  };
}
