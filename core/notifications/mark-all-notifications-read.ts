import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifications } from "#db/schema/notifications.ts";
import { publishLive } from "../live/publish-live";
import type { Clock } from "../shared/clock";

/** Marks every unread notice of the member read; answers how many were. */
export async function markAllNotificationsRead(
  deps: { db: Db; clock: Clock },
  { userId }: { userId: string },
): Promise<{ marked: number }> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: deps.clock.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning();
    // The member's open tabs: every bell and tab title goes to none.
    if (rows.length > 0) await publishLive(tx, { t: "notices-read", to: [userId] });
    return { marked: rows.length };
  });
}
