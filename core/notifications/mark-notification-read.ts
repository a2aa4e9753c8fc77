import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifications } from "#db/schema/notifications.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { describeNotice } from "./notification-kinds";
import { publishLive } from "../live/publish-live";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

/**
 * Marks one of the member's own notices read (again is fine: the first time it was read stands) and says where it
 * leads. Someone else's notice is not found, exactly as a missing id: nobody learns another member's notices exist.
 */
export async function markNotificationRead(
  deps: { db: Db; clock: Clock },
  { userId, notificationId }: { userId: string; notificationId: string },
): Promise<{ href: string }> {
  if (!isUuid(notificationId)) throw new AppError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)));
    if (!before) return null;
    const [marked] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${deps.clock.now().toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
      .returning();
    // The member's other tabs: their bells count one fewer (nothing to say when it was read already).
    if (before.readAt === null) await publishLive(tx, { t: "notices-read", to: [userId] });
    return marked;
  });
  if (!row) throw new AppError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
  return { href: describeNotice(row.kind, row.payload)?.href ?? "/notifications" };
}
