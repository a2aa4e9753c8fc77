// The notification centre: what a member is told inside the site (the bell, /notifications). A row is written by
// the events dispatcher's handler for the domain event that caused it (core/events/handlers.ts), in the
// transaction that marks the event dispatched, so each event tells each member once, whatever the number of
// processes (decision 082).
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, tstz } from "./columns";
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
  },
  (t) => [
    uniqueIndex("notifications_event_user_idx").on(t.eventId, t.userId),
    // The page, newest first, and the bell's unread count.
    index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
