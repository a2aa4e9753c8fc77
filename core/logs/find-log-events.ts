import { and, count, desc } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { LOG_SOURCES, quickCondition, searchCondition } from "./log-sources";
import { asQuickFilter, LOG_PAGE_SIZE, LOG_TABS, type LogEvent, type LogFilters, type LogTab } from "./log-tabs";

/** The rows of a tab the search and quick filter leave (without paging). */
export function logConditions(tab: LogTab, filters: LogFilters) {
  const source = LOG_SOURCES[tab];
  return and(
    source.scope,
    searchCondition(source, filters.q ?? ""),
    quickCondition(source, asQuickFilter(filters.quick)),
  );
}

/** One page of a tab, newest first, and how many events the tab holds under the same search and filter. */
export async function findLogEvents(db: Db, tab: LogTab, filters: LogFilters, limit = LOG_PAGE_SIZE) {
  const source = LOG_SOURCES[tab];
  const where = logConditions(tab, filters);
  const rows: LogEvent[] = await db
    .select(source.fields)
    .from(source.table)
    .where(
      and(
        where,
        afterRow(source.table, source.keys, filters.cursor && source.isId(filters.cursor) ? filters.cursor : null),
      ),
    )
    .orderBy(desc(source.keys.createdAt), desc(source.keys.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { events: page, nextCursor };
}

/** Every tab's count under the current search and quick filter: the numbers on the tabs and in 'Showing X of Y events'. */
export async function countLogEvents(db: Db, filters: LogFilters): Promise<Record<LogTab, number>> {
  const counts = {} as Record<LogTab, number>;
  for (const tab of LOG_TABS) {
    const [row] = await db.select({ n: count() }).from(LOG_SOURCES[tab].table).where(logConditions(tab, filters));
    counts[tab] = Number(row?.n ?? 0);
  }
  return counts;
}
