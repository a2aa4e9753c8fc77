// The notification centre: what a member is told inside the site (the bell, /notifications). A row is written by
// the events dispatcher's handler for the domain event that caused it (core/events/handlers.ts), in the
// transaction that marks the event dispatched, so each event tells each member once, whatever the number of
// processes (decision 082).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { domainEvents } from "./events";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // One of core/notifications' kinds ("swap.proposed", "message.received" …): what the line says and links to.
    kind: text("kind").notNull(),
    // The domain event it came from: with the member, what keeps a redelivered event from telling twice.
    eventId: uuid("event_id").references(() => domainEvents.id, { onDelete: "set null" }),
    // The facts the line shows, as of the moment (a listing's title, the other member's name).
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: tstz("read_at"),
    // When this notice goes into the member's e-mail digest if still unread (their preference for the kind is
    // "digest"); NULL when it is not for a digest. `mailed_at` is set once a digest carried it.
    digestDueAt: tstz("digest_due_at"),
    mailedAt: tstz("mailed_at"),
    // True while a Web Push of this notice is owed to the member's browsers (VAPID configured, a subscription
    // exists, in-app on for the kind); the push job clears it.
    pushPending: boolean("push_pending").notNull().default(false),
  },
  (t) => [
    uniqueIndex("notifications_event_user_idx").on(t.eventId, t.userId),
    // The page, newest first, and the bell's unread count.
    index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    // The digest job: notices waiting for a digest, soonest first.
    index("notifications_digest_due_idx")
      .on(t.digestDueAt)
      .where(sql`${t.digestDueAt} IS NOT NULL AND ${t.mailedAt} IS NULL AND ${t.readAt} IS NULL`),
    index("notifications_push_pending_idx").on(t.createdAt).where(sql`${t.pushPending}`),
  ],
);

/** How a kind of notice reaches a member by e-mail. */
export const NOTICE_EMAIL_MODES = ["immediately", "digest", "off"] as const;
export type NoticeEmailMode = (typeof NOTICE_EMAIL_MODES)[number];

/**
 * A member's choice for one kind, only where it differs from the kind's default (core/notifications'
 * kinds table holds the defaults): in the bell or not, and e-mail immediately, in the digest, or never.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull(),
    email: text("email", { enum: NOTICE_EMAIL_MODES }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "notification_preferences_pkey", columns: [t.userId, t.kind] }),
    check("notification_preferences_email_check", inList(t.email, NOTICE_EMAIL_MODES)),
  ],
);

/** A browser a member allowed to receive Web Push (only where VAPID keys are configured). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The push service's address for this browser: unique, a browser re-subscribing replaces its row.
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSuccessAt: tstz("last_success_at"),
    // Failed deliveries in a row; the subscription is dropped when the service says it is gone (404/410).
    failures: integer("failures").notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    check("push_subscriptions_endpoint_check", sql`char_length(${t.endpoint}) <= 2048`),
  ],
);
