import { and, count, desc, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import type { StaffActor } from "../staff/pass-staff-gate";
import { logConditions } from "../logs/find-log-events";
import { LOG_SOURCES, type LogSource } from "../logs/log-sources";
import { asQuickFilter, type LogEvent, type LogFilters, type LogTab } from "../logs/log-tabs";

/** Rows read per query while the file streams out. */
export const EXPORT_BATCH_SIZE = 500;

/** Rows at or before the given row in (created_at, id) order: the export's fixed end, so rows arriving meanwhile stay out. */
function notAfterRow(source: LogSource, id: string): SQL {
  return sql`(${source.keys.createdAt}, ${source.keys.id}) <= (select ${source.keys.createdAt}, ${source.keys.id} from ${source.table} where ${source.keys.id} = ${id})`;
}

/**
 * Starts a CSV export of one tab under its search and quick filter: fixes the newest row it covers, counts the
 * rows, and writes the `export_logs_csv` audit row (log_type and count) in one transaction. Returns the count
 * and the rows as batches read on demand, so the file can stream without holding every row in memory.
 */
export async function exportLogEvents(
  db: Db,
  { actor, tab, filters }: { actor: StaffActor; tab: LogTab; filters: LogFilters },
) {
  const source = LOG_SOURCES[tab];
  const where = logConditions(tab, filters);
  const { newestId, total } = await db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: source.keys.id })
      .from(source.table)
      .where(where)
      .orderBy(desc(source.keys.createdAt), desc(source.keys.id))
      .limit(1);
    const newestId = newest ? String(newest.id) : null;
    const [counted] = newestId
      ? await tx
          .select({ n: count() })
          .from(source.table)
          .where(and(where, notAfterRow(source, newestId)))
      : [{ n: 0 }];
    const total = Number(counted?.n ?? 0);
    const quick = asQuickFilter(filters.quick);
    const search = filters.q?.trim();
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "export_logs_csv",
      targetType: "system",
      metadata: {
        log_type: tab,
        count: total,
        ...(search ? { search } : {}),
        ...(quick ? { quick_filter: quick } : {}),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { newestId, total };
  });

  async function* batches(): AsyncGenerator<LogEvent[]> {
    if (!newestId) return;
    let sent = 0;
    let cursor: string | null = null;
    while (sent < total) {
      const rows: LogEvent[] = await db
        .select(source.fields)
        .from(source.table)
        .where(and(where, notAfterRow(source, newestId), afterRow(source.table, source.keys, cursor)))
        .orderBy(desc(source.keys.createdAt), desc(source.keys.id))
        .limit(Math.min(EXPORT_BATCH_SIZE, total - sent) + 1);
      const { page, nextCursor } = pageOf(rows, Math.min(EXPORT_BATCH_SIZE, total - sent));
      if (page.length === 0) return;
      sent += page.length;
      yield page;
      if (!nextCursor) return;
      cursor = nextCursor;
    }
  }

  return { count: total, batches };
}
