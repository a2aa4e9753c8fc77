import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifications } from "#db/schema/notifications.ts";

/** Enough to tell "99" from "99+", which is all the bell shows (app/components/layout/notification-bell.tsx). */
export const UNREAD_COUNT_CAP = 100;

/**
 * How many of a member's notices are unread, up to UNREAD_COUNT_CAP: what the bell and the tab title show on
 * every page a member opens, so one query on the partial index notifications_unread_idx, reading no more than
 * the cap's rows however many pile up.
 */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const unread = db
    .select({ one: sql`1`.as("one") })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as("unread");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(unread);
  return Number(row?.n ?? 0);
}
