import { and, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { auditLogs, securityEvents } from "#db/schema/audit.ts";
import { webhookEvents } from "#db/schema/payments.ts";
import { isUuid } from "../shared/ids";
import { LOG_SOURCES } from "./log-sources";
import { ERROR_ACTIONS, type LogEvent, type LogTab } from "./log-tabs";

const LIMIT = 10;

/**
 * Global search's log events: the event with this id (as View Record copies it), or the error recorded under
 * this target id (a request id from the error page, a mail id). Exact ids only, each answered by an index.
 */
export async function findLogEventsById(db: Db, { q }: { q: string }): Promise<(LogEvent & { tab: LogTab })[]> {
  const text = q.trim();
  if (!/^[A-Za-z0-9_:.-]{6,128}$/.test(text)) return [];
  const uuid = isUuid(text);
  const found: (LogEvent & { tab: LogTab })[] = [];
  const read = async (tab: LogTab, where: SQL | undefined) => {
    const source = LOG_SOURCES[tab];
    const rows: LogEvent[] = await db
      .select(source.fields)
      .from(source.table)
      .where(where)
      .orderBy(desc(source.keys.createdAt))
      .limit(LIMIT);
    found.push(...rows.map((row) => ({ ...row, tab })));
  };
  await read(
    "errors",
    and(
      inArray(auditLogs.action, [...ERROR_ACTIONS]),
      uuid ? or(eq(auditLogs.id, text), eq(auditLogs.targetId, text)) : eq(auditLogs.targetId, text),
    ),
  );
  await read("webhooks", eq(webhookEvents.id, text));
  if (uuid) await read("security", eq(securityEvents.id, text));
  return found;
}
