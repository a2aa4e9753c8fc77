import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { parsePasskeyName } from "./passkey-name";
import { recordAccountChange } from "./record-account-change";

export const PASSKEY_NOT_FOUND = "That passkey was not found. It may have been removed already.";

/** The passkey's name as stored, or the 400 about the name field (parsePasskeyName's rules, the browser's too). */
export function requirePasskeyName(input: unknown): string {
  const parsed = parsePasskeyName(input);
  if (!parsed.ok) throw new AppError("VALIDATION", parsed.message, { field: "name" });
  return parsed.name;
}

/** The member's own passkey, or 404: a missing id and another member's passkey read the same. */
export function passkeyNotFound() {
  return new AppError("NOT_FOUND", PASSKEY_NOT_FOUND);
}

/**
 * Renames one of the member's own passkeys. The update is filtered by the member (Better Auth's updatePasskey is
 * not), so another member's passkey id changes nothing and reads as not found. Logged and mailed like any change.
 */
export async function renamePasskey(
  deps: { db: Db; clock: Clock; appUrl: string },
  { userId, passkeyId, name }: { userId: string; passkeyId: unknown; name: unknown },
  meta: RequestMeta,
): Promise<{ name: string }> {
  const newName = requirePasskeyName(name);
  if (typeof passkeyId !== "string" || !passkeyId) throw passkeyNotFound();
  await enforceAccountLimit(deps, { action: "passkey_change", subject: userId, userId }, meta);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .for("update");
    if (!before) throw passkeyNotFound();
    if (before.name === newName) return { name: newName };
    await tx
      .update(passkeys)
      .set({ name: newName })
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
    await recordAccountChange(
      tx,
      {
        userId,
        eventType: "passkey_renamed",
        what: `Your passkey "${before.name ?? "Unnamed passkey"}" was renamed to "${newName}".`,
        metadata: { passkeyId, from: before.name, to: newName },
      },
      { meta, now, appUrl: deps.appUrl },
    );
    return { name: newName };
  });
}
