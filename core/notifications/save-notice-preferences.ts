import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { NOTICE_EMAIL_MODES, type NoticeEmailMode, notificationPreferences } from "#db/schema/notifications.ts";
import { AppError } from "../shared/app-error";
import { isNotificationKind, kindRow, type NotificationKind } from "./notification-kinds";
import { defaultPreference, type NoticePreference } from "./notice-preferences";

/** One kind as the form sends it: the kind's name, the bell's checkbox, the e-mail choice. */
export type NoticeChoice = { kind: string; inApp: boolean; email: string };

export const UNKNOWN_KIND = "That kind of notification doesn't exist. Reload the page and try again.";
export const UNKNOWN_MODE = "Choose immediately, daily digest or off for each e-mail.";
export const NOTHING_TO_SAVE = "There were no notification settings to save. Reload the page and try again.";
export const digestNeedsInApp = (label: string) =>
  `${label}: the daily digest lists notifications from your notification centre. Turn on “In SwapShed” or choose another e-mail option.`;

const isMode = (value: string): value is NoticeEmailMode => (NOTICE_EMAIL_MODES as readonly string[]).includes(value);

/**
 * Saves a member's notification preferences (My Account, Notifications). Every choice is checked first (a kind we
 * do not have, an e-mail mode we do not offer, a digest without the bell: refused with the reason, nothing
 * changed); then, in one transaction, a kind set back to its default loses its row and any other is written, so
 * only differences from the kinds table's defaults are stored. Kinds the form did not send are left as they were.
 */
export async function saveNoticePreferences(
  deps: { db: Db },
  { userId, choices }: { userId: string; choices: NoticeChoice[] },
): Promise<{ changed: number }> {
  if (choices.length === 0) throw new AppError("VALIDATION", NOTHING_TO_SAVE);
  const seen = new Set<string>();
  const valid: { kind: NotificationKind; preference: NoticePreference }[] = [];
  for (const choice of choices) {
    if (!isNotificationKind(choice.kind) || seen.has(choice.kind)) throw new AppError("VALIDATION", UNKNOWN_KIND);
    seen.add(choice.kind);
    if (!isMode(choice.email)) throw new AppError("VALIDATION", UNKNOWN_MODE, { field: `email:${choice.kind}` });
    if (!choice.inApp && choice.email === "digest")
      throw new AppError("VALIDATION", digestNeedsInApp(kindRow(choice.kind).label), {
        field: `email:${choice.kind}`,
      });
    valid.push({ kind: choice.kind, preference: { inApp: choice.inApp, email: choice.email } });
  }
  return deps.db.transaction(async (tx) => {
    const current = await tx
      .select()
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, userId),
          inArray(
            notificationPreferences.kind,
            valid.map((v) => v.kind),
          ),
        ),
      );
    let changed = 0;
    for (const { kind, preference } of valid) {
      const before = current.find((row) => row.kind === kind) ?? { ...defaultPreference(kind) };
      if (before.inApp === preference.inApp && before.email === preference.email) continue;
      changed++;
      await writePreference(tx as unknown as Db, userId, kind, preference);
    }
    return { changed };
  });
}

/** Stores one kind's preference as a difference from its default (no row when it is the default). */
export async function writePreference(
  tx: Db,
  userId: string,
  kind: NotificationKind,
  preference: NoticePreference,
): Promise<void> {
  const fallback = defaultPreference(kind);
  const where = and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind));
  if (preference.inApp === fallback.inApp && preference.email === fallback.email) {
    await tx.delete(notificationPreferences).where(where);
    return;
  }
  await tx
    .insert(notificationPreferences)
    .values({ userId, kind, ...preference })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { ...preference, updatedAt: new Date() },
    });
}
