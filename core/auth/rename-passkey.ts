import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema/auth";
import type { Clock } from "../shared/clock";
import { checkAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { parsePasskeyName } from "./passkey-name";
import { recordAccountChange } from "./record-account-change";

export const PASSKEY_NOT_FOUND = "That passkey was not found. It may have been removed already.";

export type PasskeyChangeOutcome =
  | { ok: true; name: string }
  | { ok: false; status: number; message: string; field?: "name" };

/**
 * Renames one of the member's own passkeys. The update is filtered by the member (Better Auth's updatePasskey is
 * not), so another member's passkey id changes nothing and reads as not found. Logged and mailed like any change.
 */
export async function renamePasskey(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, passkeyId, name }: { userId: string; passkeyId: unknown; name: unknown },
  meta: RequestMeta,
): Promise<PasskeyChangeOutcome> {
  const parsed = parsePasskeyName(name);
  if (!parsed.ok) return { ...parsed, field: "name" };
  if (typeof passkeyId !== "string" || !passkeyId) return { ok: false, status: 404, message: PASSKEY_NOT_FOUND };
  const limited = await checkAccountLimit(deps, { action: "passkey_change", subject: userId, userId }, meta);
  if (limited) return limited;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .for("update");
    if (!before) return { ok: false as const, status: 404, message: PASSKEY_NOT_FOUND };
    if (before.name === parsed.name) return { ok: true as const, name: parsed.name };
    await tx
      .update(passkeys)
      .set({ name: parsed.name })
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "passkey_renamed",
        what: `Your passkey "${before.name ?? "Unnamed passkey"}" was renamed to "${parsed.name}".`,
        metadata: { passkeyId, from: before.name, to: parsed.name },
      },
      { meta, now, appUrl: deps.appUrl },
    );
    return { ok: true as const, name: parsed.name };
  });
}
