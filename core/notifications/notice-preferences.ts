import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type NoticeEmailMode, notificationPreferences } from "#db/schema/notifications.ts";
import { sydneyTime } from "../shared/time";
import { kindRow, NOTIFICATION_KIND_NAMES, type NotificationKind } from "./notification-kinds";

/** How one kind reaches one member: in the bell or not, and by e-mail at once, in the digest, or never. */
export type NoticePreference = { inApp: boolean; email: NoticeEmailMode };

/** The daily digest goes out at 07:00 Sydney time (breakfast, before the working day; decision 085). */
export const DAILY_DIGEST_HOUR = 7;

/** A kind's default: in the bell, and e-mail as its row of the kinds table says. */
export function defaultPreference(kind: NotificationKind): NoticePreference {
  return { inApp: true, email: kindRow(kind).email };
}

/**
 * Each member's preference for each of `kinds` (defaults where they have no row). Only differences from the
 * defaults are stored (save-notice-preferences.ts), so a changed default reaches everyone who never chose.
 */
export async function loadPreferences(
  db: Db,
  userIds: string[],
  kinds: readonly NotificationKind[] = NOTIFICATION_KIND_NAMES,
): Promise<Map<string, Map<NotificationKind, NoticePreference>>> {
  const result = new Map<string, Map<NotificationKind, NoticePreference>>();
  const unique = [...new Set(userIds)];
  for (const userId of unique) result.set(userId, new Map(kinds.map((k) => [k, defaultPreference(k)])));
  if (unique.length === 0 || kinds.length === 0) return result;
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, unique), inArray(notificationPreferences.kind, [...kinds])));
  for (const row of rows)
    result.get(row.userId)?.set(row.kind as NotificationKind, { inApp: row.inApp, email: row.email });
  return result;
}

/** One member's preferences for every kind, in the table's order. */
export async function memberPreferences(db: Db, userId: string) {
  const prefs = (await loadPreferences(db, [userId])).get(userId)!;
  return NOTIFICATION_KIND_NAMES.map((kind) => ({ kind, label: kindRow(kind).label, ...prefs.get(kind)! }));
}

/** One member's preference for one kind. */
export async function preferenceOf(db: Db, userId: string, kind: NotificationKind): Promise<NoticePreference> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row ? { inApp: row.inApp, email: row.email } : defaultPreference(kind);
}

const HOUR_MS = 60 * 60 * 1000;

/** The first daily digest time (07:00 in Sydney, with daylight saving) strictly after `instant`. */
export function nextDailyDigest(instant: Date): Date {
  for (let days = 0; days <= 2; days++) {
    const { date } = sydneyTime(new Date(instant.getTime() + days * 24 * HOUR_MS));
    const [y, m, d] = date.split("-").map(Number);
    // Sydney is UTC+10 (standard) or UTC+11 (daylight saving): take whichever reads 07:00 there.
    for (const offset of [10, 11]) {
      const candidate = new Date(Date.UTC(y, m - 1, d, DAILY_DIGEST_HOUR - offset));
      const local = sydneyTime(candidate);
      if (local.date === date && local.hour === DAILY_DIGEST_HOUR && candidate > instant) return candidate;
    }
  }
  throw new Error("no digest time found");
}

/** When a notice of `kind` made at `createdAt` goes into its member's digest (if still unread then). */
export function digestDueAt(kind: NotificationKind, createdAt: Date): Date {
  const after = kindRow(kind).digestAfterMinutes;
  return after ? new Date(createdAt.getTime() + after * 60 * 1000) : nextDailyDigest(createdAt);
}
