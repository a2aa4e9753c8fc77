import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { auditLogs, securityEvents } from "#db/schema/audit.ts";
import { webhookEvents } from "#db/schema/payments.ts";
import { isUuid } from "../shared/ids";
import { AUTH_EVENT_TYPES, ERROR_ACTIONS, type LogTab, type QuickFilter } from "./log-tabs";
import { escapeLike } from "../shared/sql-like";

/**
 * How each tab reads its table in the page's terms (LogEvent): the columns, which rows belong to the tab, and
 * what the search and the quick filters match. One place, so the page, its counts and the CSV agree.
 */
export type LogSource = {
  table: PgTable;
  keys: { createdAt: AnyPgColumn; id: AnyPgColumn };
  fields: {
    id: SQL<string>;
    createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
    eventType: SQL<string>;
    message: SQL<string>;
    error: SQL<string | null>;
    status: SQL<string>;
    userId: SQL<string | null>;
    targetId: SQL<string>;
  };
  scope: SQL | undefined;
  /** Whether a text can be one of this table's ids (a UUID column refuses anything else with an error). */
  isId: (text: string) => boolean;
};

const errorSource: LogSource = {
  table: auditLogs,
  keys: { createdAt: auditLogs.createdAt, id: auditLogs.id },
  fields: {
    id: sql<string>`${auditLogs.id}::text`,
    createdAt: auditLogs.createdAt,
    eventType: sql<string>`${auditLogs.action}`,
    message: sql<string>`coalesce(${auditLogs.details}->>'message', '')`,
    error: sql<string | null>`${auditLogs.details}->>'error'`,
    status: sql<string>`'failed'`,
    userId: sql<string | null>`${auditLogs.userId}`,
    targetId: sql<string>`coalesce(${auditLogs.targetId}, ${auditLogs.id}::text)`,
  },
  scope: inArray(auditLogs.action, [...ERROR_ACTIONS]),
  isId: isUuid,
};

const webhookSource: LogSource = {
  table: webhookEvents,
  keys: { createdAt: webhookEvents.receivedAt, id: webhookEvents.id },
  fields: {
    id: sql<string>`${webhookEvents.id}`,
    createdAt: webhookEvents.receivedAt,
    // The audit_logs naming (webhook.<provider's type>), so "event type contains webhook" holds for every webhook.
    eventType: sql<string>`'webhook.' || ${webhookEvents.type}`,
    message: sql<string>`'Payment webhook from ' || ${webhookEvents.provider}`,
    error: sql<string | null>`${webhookEvents.error}`,
    status: sql<string>`${webhookEvents.status}`,
    userId: sql<string | null>`null`,
    targetId: sql<string>`${webhookEvents.id}`,
  },
  scope: undefined,
  // The provider's event ids (evt_...).
  isId: (text) => /^[A-Za-z0-9_-]{1,255}$/.test(text),
};

const securityFields: LogSource["fields"] = {
  id: sql<string>`${securityEvents.id}::text`,
  createdAt: securityEvents.createdAt,
  eventType: sql<string>`${securityEvents.eventType}`,
  message: sql<string>`coalesce(${securityEvents.attemptedAction}, '')`,
  error: sql<string | null>`${securityEvents.errorMessage}`,
  status: sql<string>`case when ${securityEvents.success} then 'success' else 'failed' end`,
  userId: sql<string | null>`${securityEvents.userId}`,
  targetId: sql<string>`${securityEvents.id}::text`,
};

const securityKeys = { createdAt: securityEvents.createdAt, id: securityEvents.id };

export const LOG_SOURCES: Record<LogTab, LogSource> = {
  errors: errorSource,
  webhooks: webhookSource,
  auth: {
    table: securityEvents,
    keys: securityKeys,
    fields: securityFields,
    scope: inArray(securityEvents.eventType, [...AUTH_EVENT_TYPES]),
    isId: isUuid,
  },
  security: { table: securityEvents, keys: securityKeys, fields: securityFields, scope: undefined, isId: isUuid },
};

/** The search box: message (with its error text), event type, or the event's id (whole, or the start of it). */
export function searchCondition(source: LogSource, q: string): SQL | undefined {
  const text = q.trim().slice(0, 200);
  if (!text) return undefined;
  const f = source.fields;
  const anywhere = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  return sql`(${f.message} ilike ${anywhere} or coalesce(${f.error}, '') ilike ${anywhere} or ${f.eventType} ilike ${anywhere} or ${f.id} ilike ${prefix} or ${f.targetId} = ${text})`;
}

/** The spec's quick filter rules (section 9). */
export function quickCondition(source: LogSource, quick: QuickFilter | null): SQL | undefined {
  const f = source.fields;
  switch (quick) {
    case "webhook_failed":
      return and(sql`${f.eventType} ilike '%webhook%'`, sql`${f.status} = 'failed'`);
    case "rate_limited":
      return sql`${f.eventType} = 'rate_limited'`;
    case "state_invariant":
      return sql`(${f.message} ~* '(state|invariant)' or coalesce(${f.error}, '') ~* '(state|invariant)')`;
    default:
      return undefined;
  }
}
