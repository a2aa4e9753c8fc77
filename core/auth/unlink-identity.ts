import { and, count, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { accounts, passkeys, users } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { type IdentityProviderConfig, identityProviderChoices, identityProviderLabel } from "./identity-providers";
import { recordAccountChange } from "./record-account-change";

export const LAST_WAY_IN = "Add a password or a passkey before you unlink your last way to sign in.";
export const IDENTITY_NOT_FOUND = "That linked account was not found.";

/**
 * Unlinks one of the member's own identities (the route has checked the 10-minute reauthentication), never the
 * last way in: a password, a passkey or another configured provider's identity must remain. Another member's
 * identity id is "not found" and changes nothing. The change, its security event and its mail are one transaction.
 */
export async function unlinkIdentity(
  deps: { db: Db; clock: Clock; providers: IdentityProviderConfig; appUrl: string },
  { userId, identityId }: { userId: string; identityId: string },
  meta: RequestMeta,
): Promise<{ label: string }> {
  await enforceAccountLimit(deps, { action: "identity_change", subject: userId, userId }, meta);
  const configured = identityProviderChoices(deps.providers).map((c) => c.id);
  if (!identityId || configured.length === 0) throw new AppError("NOT_FOUND", IDENTITY_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    // One unlink at a time per member: two at once could each count the other as the way that remains.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [identity] = await tx
      .select({ id: accounts.id, provider: accounts.providerId })
      .from(accounts)
      .where(and(eq(accounts.id, identityId), eq(accounts.userId, userId), ne(accounts.providerId, "credential")));
    if (!identity) throw new AppError("NOT_FOUND", IDENTITY_NOT_FOUND);
    if (!(await hasAnotherWayIn(tx, { userId, exceptId: identity.id, configured })))
      throw new AppError("CONFLICT", LAST_WAY_IN);
    await tx.delete(accounts).where(and(eq(accounts.id, identity.id), eq(accounts.userId, userId)));
    const label = identityProviderLabel(deps.providers, identity.provider) ?? identity.provider;
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "identity_unlinked",
        what: `${label} was unlinked from your account: you can no longer sign in with it.`,
        metadata: { provider: identity.provider },
      },
      { meta, now: deps.clock.now(), appUrl: deps.appUrl },
    );
    return { label };
  });
}

/** A password, a passkey, or an identity at a provider that is still configured, other than `exceptId`. */
async function hasAnotherWayIn(
  db: Db,
  { userId, exceptId, configured }: { userId: string; exceptId: string; configured: string[] },
) {
  const [password] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const [others] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.id, exceptId), inArray(accounts.providerId, configured)));
  return Number(password?.n ?? 0) + Number(keys?.n ?? 0) + Number(others?.n ?? 0) > 0;
}
