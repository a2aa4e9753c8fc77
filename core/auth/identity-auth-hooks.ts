// What SwapShed adds to Better Auth's own handling of an identity provider's callback (/api/auth/callback/:id),
// through its database hooks (core/auth/auth.ts wires them): the rules run where the session, the user and the
// linked identity are written, so no way around our pages skips them.
import { APIError } from "better-auth";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { recordSignInAttempt } from "./record-sign-in-attempt";
import type { RequestMeta } from "./auth-attempt";
import { IDENTITY_ERRORS, identityErrorMessage } from "./identity-errors";
import { nameFromIdentity } from "./identity-name";
import { type IdentityProviderConfig, identityProviderLabel } from "./identity-providers";
import { recordAccountChange } from "./record-account-change";

/** The part of Better Auth's endpoint context the hooks read (null outside an endpoint). */
export type HookContext =
  | { path?: string; params?: Record<string, string> | unknown; request?: Request; headers?: Headers }
  | null
  | undefined;

const CALLBACK_PATH = "/callback/:id";

export function identityAuthHooks(
  db: Db,
  options: { appUrl: string; providers?: IdentityProviderConfig; clientIpHeader: string },
) {
  const fromCallback = (context: HookContext) => context?.path === CALLBACK_PATH;
  // The callbacks that are making a new account (its first identity is how it was made, not a link to report).
  const registering = new WeakSet<object>();
  const providerOf = (context: HookContext) => String((context?.params as { id?: string } | undefined)?.id ?? "");
  const labelOf = (provider: string) => identityProviderLabel(options.providers, provider) ?? provider;
  const metaOf = (context: HookContext): RequestMeta => {
    const headers = context?.request?.headers ?? context?.headers ?? new Headers();
    return { ip: headers.get(options.clientIpHeader) ?? "", userAgent: headers.get("user-agent"), headers };
  };

  return {
    /**
     * A new account from a provider: only with an address the provider has verified (else anyone could claim an
     * address at a lax provider and keep a way into the account its owner makes later), and with a name that
     * meets the spec's rules.
     */
    async beforeUserCreate(
      user: { name?: string | null; email: string; emailVerified?: boolean },
      context: HookContext,
    ) {
      if (!fromCallback(context)) return;
      if (!user.emailVerified) throw refusal(IDENTITY_ERRORS.emailNotVerified);
      const name = nameFromIdentity(user.name, user.email);
      if (!name) throw refusal(IDENTITY_ERRORS.nameInvalid);
      if (context) registering.add(context);
      return { data: { ...user, name } };
    },

    /**
     * Signing in with a provider: a suspended member gets no session, and neither does a member with two-step
     * sign-in on (the provider is one step: they sign in with their password and code instead). Logged either way.
     */
    async beforeSessionCreate(session: { userId: string }, context: HookContext) {
      if (!fromCallback(context)) return;
      const [row] = await db
        .select({ twoFactorEnabled: users.twoFactorEnabled, status: profiles.status, deletedAt: profiles.deletedAt })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, session.userId));
      const code =
        row?.status === "suspended" || row?.deletedAt
          ? IDENTITY_ERRORS.accountSuspended
          : row?.twoFactorEnabled
            ? IDENTITY_ERRORS.twoFactorRequired
            : null;
      if (!code) return;
      const provider = providerOf(context);
      const meta = metaOf(context);
      await recordSignInAttempt(db, {
        way: "sign_in_identity",
        success: false,
        userId: session.userId,
        errorMessage: identityErrorMessage(code, labelOf(provider)),
        metadata: { provider },
        meta,
      });
      throw refusal(code);
    },

    /** A sign-in with a provider made a session: the same login_attempt row a password sign-in writes. */
    async afterSessionCreate(session: { userId: string }, context: HookContext) {
      if (!fromCallback(context)) return;
      const meta = metaOf(context);
      await recordSignInAttempt(db, {
        way: "sign_in_identity",
        success: true,
        userId: session.userId,
        metadata: { provider: providerOf(context) },
        meta,
      });
    },

    /**
     * An identity was linked to an existing account, from My Account or implicitly at sign-in (same verified
     * address): a sensitive change, logged and mailed. A brand-new account's first identity is not a link.
     */
    async afterAccountCreate(account: { userId: string; providerId: string }, context: HookContext) {
      if (account.providerId === "credential" || !fromCallback(context) || (context && registering.has(context)))
        return;
      await recordAccountChange(
        db,
        {
          userId: account.userId,
          eventType: "identity_linked",
          what: `${labelOf(account.providerId)} was linked to your account: you can now sign in with it.`,
          metadata: { provider: account.providerId },
        },
        { meta: metaOf(context), now: new Date(), appUrl: options.appUrl },
      );
    },
  };
}

const refusal = (code: string) => new APIError("FORBIDDEN", { message: code, code });
