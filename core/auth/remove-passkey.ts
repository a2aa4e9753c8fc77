import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { recordAccountChange } from "./record-account-change";
import { passkeyNotFound } from "./rename-passkey";

/**
 * Removes one of the member's own passkeys: it can no longer sign in or confirm it's them. Filtered by the
 * member, so another member's passkey id removes nothing and reads as not found. Logged and mailed.
 */
export async function removePasskey(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, passkeyId }: { userId: string; passkeyId: unknown },
  meta: RequestMeta,
): Promise<{ name: string }> {
  if (typeof passkeyId !== "string" || !passkeyId) throw passkeyNotFound();
  await enforceAccountLimit(deps, { action: "passkey_change", subject: userId, userId }, meta);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .returning();
    if (!removed) throw passkeyNotFound();
    const name = removed.name ?? "Unnamed passkey";
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "passkey_removed",
        what: `Your passkey "${name}" was removed from your account.`,
        metadata: { passkeyId, name },
      },
      { meta, now, appUrl: deps.appUrl },
    );
    return { name };
  });
}
