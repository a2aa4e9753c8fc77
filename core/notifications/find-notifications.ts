import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifications } from "#db/schema/notifications.ts";
import { newestFirst, pageOf } from "../shared/keyset-cursor";
import { describeNotice } from "./notification-kinds";

export const NOTIFICATIONS_PER_PAGE = 30;

/** A notice as the page lists it: what it says, where it leads, when, and whether it has been read. */
export type NoticeItem = { id: string; kind: string; text: string; href: string; createdAt: Date; read: boolean };

/**
 * A member's notices, newest first, a page at a time (keyset: `cursor` is the last id shown). A notice of a kind
 * the table no longer has is left out rather than shown without words.
 */
export async function findNotifications(
  db: Db,
  { userId, cursor, limit = NOTIFICATIONS_PER_PAGE }: { userId: string; cursor?: string | null; limit?: number },
): Promise<{ page: NoticeItem[]; nextCursor: string | null }> {
  const { after, order } = newestFirst(notifications, cursor);
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      payload: notifications.payload,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(...order)
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  const items = page.flatMap((row) => {
    const said = describeNotice(row.kind, row.payload);
    return said ? [{ id: row.id, kind: row.kind, ...said, createdAt: row.createdAt, read: row.readAt !== null }] : [];
  });
  return { page: items, nextCursor };
}
