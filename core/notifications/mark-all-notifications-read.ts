import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifications } from "#db/schema/notifications.ts";
import type { Clock } from "../shared/clock";

/** Marks every unread notice of the member read; answers how many were. */
export async function markAllNotificationsRead(
  deps: { db: Db; clock: Clock },
  { userId }: { userId: string },
): Promise<{ marked: number }> {
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  return { marked: rows.length };
}
