import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { moderationReports } from "#db/schema/moderation.ts";

/**
 * Of these removed lines, the ones staff removed after a report (decision 086): a report of the line settled as
 * approved. The others were removed by the purge of a deleted member. Asked only for the removed lines of a page,
 * so a thread with none costs nothing.
 */
export async function findRemovedByStaff(db: Db, removedIds: string[]): Promise<Set<string>> {
  if (removedIds.length === 0) return new Set();
  const rows = await db
    .select({ id: moderationReports.messageId })
    .from(moderationReports)
    .where(and(inArray(moderationReports.messageId, removedIds), eq(moderationReports.status, "approved")));
  return new Set(rows.map((r) => r.id as string));
}
