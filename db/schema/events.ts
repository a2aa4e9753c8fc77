// The domain events outbox: what happened, written by the use case in the transaction of the change
// (docs/decisions/073). One dispatcher (core/events/dispatch-events.ts) turns each row into its effects (mail
// now; in-app notices and live updates later) once, across any number of processes.
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";

export const domainEvents = pgTable(
  "domain_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // "<domain>.<what happened>", e.g. "swap.accepted" (core/events/event-kinds.ts lists them).
    kind: text("kind").notNull(),
    // What the event is about (a swap's id for swap events).
    subjectId: text("subject_id").notNull(),
    // Facts of the moment the effects need and the subject's row may no longer hold.
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: createdAt(),
    // Insertion order: effects go out in the order things happened.
    seq: bigserial("seq", { mode: "number" }).notNull(),
    // NULL until its effects are recorded; attempts/last_error/next_attempt_at retry a failing handler.
    dispatchedAt: tstz("dispatched_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at"),
  },
  (t) => [
    index("domain_events_pending_idx").on(t.seq).where(sql`${t.dispatchedAt} IS NULL`),
    index("domain_events_subject_idx").on(t.subjectId, t.seq),
  ],
);
