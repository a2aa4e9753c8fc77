// Logs: general application events, the admin action trail, and security events. All append-only.
import { boolean, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList } from "./columns";

/** General application events (webhooks, jobs, errors) shown in the admin Logs page. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    // e.g. "webhook.checkout.session.completed", "job.expire_proposals", "error.not_found"
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // Id of whatever the event is about (swap, listing, event id...), any type, hence text.
    targetId: text("target_id"),
  },
  (t) => [
    index("audit_logs_action_idx").on(t.action, t.createdAt.desc().nullsFirst()),
    index("audit_logs_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export const AUDIT_TARGET_TYPES = ["user", "listing", "swap", "circle", "payment", "report", "system"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Every admin action, written in the same transaction as the change it records. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SET NULL keeps the trail if a staff account is removed; the page then shows "Unknown".
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type", { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text("target_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    check("admin_audit_log_target_type_check", inList(t.targetType, AUDIT_TARGET_TYPES)),
    index("admin_audit_log_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

/** Known event types; the column is open text so new kinds need no migration. */
export const SECURITY_EVENT_TYPES = [
  "login_attempt",
  "signup_attempt",
  "password_reset",
  "rate_limited",
  "logout",
  "admin_access_denied",
  "two_factor_attempt",
] as const;

/** Authentication and access events. user_id has no foreign key on purpose: an attempt may name an
 *  unknown user, and a log write must never fail. The purge job clears it for purged members. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    userId: text("user_id"),
    eventType: text("event_type").notNull(),
    attemptedAction: text("attempted_action"),
    success: boolean("success").notNull(),
    errorMessage: text("error_message"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("security_events_type_idx").on(t.eventType, t.createdAt.desc().nullsFirst()),
    index("security_events_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("security_events_user_idx").on(t.userId),
  ],
);
