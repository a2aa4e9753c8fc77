import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import { aboutKind } from "./mail-notices";
import { memberPreferences } from "./notice-preferences";
import { writePreference } from "./save-notice-preferences";
import { readUnsubscribeToken, type UnsubscribeScope } from "./unsubscribe-token";

export const BAD_UNSUBSCRIBE_LINK =
  "This unsubscribe link isn't valid. Nothing was changed. Copy the whole link from the e-mail, or sign in and choose what we send in My Account, Notifications.";

/** What an unsubscribe link stops, in words: "offers you receive", "the daily digest". */
export function scopeWords(scope: UnsubscribeScope): string {
  return scope === "digest" ? "the daily digest" : aboutKind(scope);
}

/**
 * What a link would stop and whether it already has (the GET page shows it beside the button), or null for a
 * bad link. Reading changes nothing: link scanners fetch every link in a mail.
 */
export async function readUnsubscribeLink(
  deps: { db: Db },
  token: string,
): Promise<{ what: string; stopped: boolean } | null> {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, read.userId));
  if (!member) return null;
  const preferences = await memberPreferences(deps.db, read.userId);
  const stopped =
    read.scope === "digest"
      ? preferences.every((p) => p.email !== "digest")
      : preferences.find((p) => p.kind === read.scope)?.email === "off";
  return { what: scopeWords(read.scope), stopped };
}

/**
 * The one-click unsubscribe (RFC 8058), without signing in: the signed token names the member and what to stop.
 * A kind: its e-mail becomes "off" (the bell stays as it was). The daily digest: every kind the member has as
 * "digest" becomes "off". Nothing else changes; doing it twice is fine. A forged, damaged or unknown-member link
 * is refused with one message and changes nothing.
 */
export async function unsubscribeNotices(deps: { db: Db }, { token }: { token: string }): Promise<{ what: string }> {
  const read = readUnsubscribeToken(token);
  if (!read) throw new AppError("VALIDATION", BAD_UNSUBSCRIBE_LINK);
  const { userId, scope } = read;
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) throw new AppError("VALIDATION", BAD_UNSUBSCRIBE_LINK);
    const preferences = await memberPreferences(db, userId);
    for (const preference of preferences) {
      const stop = scope === "digest" ? preference.email === "digest" : preference.kind === scope;
      if (stop && preference.email !== "off")
        await writePreference(db, userId, preference.kind, { inApp: preference.inApp, email: "off" });
    }
    return { what: scopeWords(scope) };
  });
}
