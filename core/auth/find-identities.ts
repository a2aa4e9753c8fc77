import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { accounts } from "#db/schema/auth.ts";
import { type IdentityProviderConfig, identityProviderChoices } from "./identity-providers";

export type LinkedIdentity = { id: string; provider: string; subject: string; email: string | null; linkedAt: Date };
export type IdentityProviderRow = { id: string; label: string; identities: LinkedIdentity[] };

/** Each configured provider with the member's identities there (the e-mail the provider gave, and when it was linked). */
export async function findIdentities(
  db: Db,
  { userId, providers }: { userId: string; providers: IdentityProviderConfig },
): Promise<IdentityProviderRow[]> {
  const choices = identityProviderChoices(providers);
  if (choices.length === 0) return [];
  const rows = await db
    .select({
      id: accounts.id,
      provider: accounts.providerId,
      subject: accounts.accountId,
      idToken: accounts.idToken,
      linkedAt: accounts.createdAt,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        inArray(
          accounts.providerId,
          choices.map((c) => c.id),
        ),
      ),
    )
    .orderBy(accounts.createdAt);
  return choices.map((choice) => ({
    ...choice,
    identities: rows
      .filter((row) => row.provider === choice.id)
      .map((row) => ({
        id: row.id,
        provider: row.provider,
        subject: row.subject,
        email: emailIn(row.idToken),
        linkedAt: row.linkedAt,
      })),
  }));
}

/** The e-mail claim of the id_token Better Auth kept from the last sign-in (verified when it was received). */
function emailIn(idToken: string | null): string | null {
  if (!idToken) return null;
  try {
    const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}
