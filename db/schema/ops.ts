// Operational tables: rate limiting, outgoing mail, database snapshots, once-only job runs and pending files.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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
import { createdAt, tstz } from "./columns";

/** Fixed-window counters, shared by all processes. One atomic upsert per hit:
 *  INSERT ... ON CONFLICT (key) DO UPDATE SET count = CASE WHEN window_start <= now() - window
 *  THEN 1 ELSE count + 1 END, window_start = CASE ... END RETURNING count, window_start. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    // e.g. "signin:email:a@b.c", "signin:ip:1.2.3.4", "admin:<userId>:suspend_user"
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: tstz("window_start").notNull().defaultNow(),
  },
  (t) => [
    check("rate_limits_count_check", sql`${t.count} >= 0`),
    // Sweeping stale windows.
    index("rate_limits_window_start_idx").on(t.windowStart),
  ],
);

/** Every e-mail the app sends (password resets, notices). Written in the business transaction and
 *  delivered after commit, so a rolled-back action sends nothing; in development it is the inbox. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    // Template name, e.g. "password_reset", for tests and the logs.
    template: text("template"),
    // Extra headers sent with it: a member notice's List-Unsubscribe and List-Unsubscribe-Post (decision 085).
    headers: jsonb("headers").$type<Record<string, string>>(),
    // The domain event this mail is an effect of (NULL for mail sent directly, e.g. a password reset). With the
    // address and template it is unique: an event dispatched twice still mails each person once.
    eventId: uuid("event_id"),
    // The account the mail was sent for (NULL for mail to no account). The demo outbox shows a member only
    // their own account's mail, so a newcomer never reads what went to their address before they registered.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // NULL until delivered; attempts/last_error support retries.
    sentAt: tstz("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // After a failed attempt, not before this time (back-off); NULL = as soon as possible.
    nextAttemptAt: tstz("next_attempt_at"),
    createdAt: createdAt(),
    // Insertion order. created_at alone ties: it is the transaction's start (mails queued in one transaction
    // share it), and the embedded database's clock counts milliseconds.
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (t) => [
    index("mail_outbox_seq_idx").on(t.seq.desc()),
    index("mail_outbox_unsent_idx").on(t.seq).where(sql`${t.sentAt} IS NULL`),
    index("mail_outbox_user_seq_idx").on(t.userId, t.seq.desc()),
    uniqueIndex("mail_outbox_event_once_idx")
      .on(t.eventId, t.toAddress, t.template)
      .where(sql`${t.eventId} IS NOT NULL`),
  ],
);

/** Every text message the app sends (phone codes): written in the business transaction, delivered after commit
 *  through the SMS provider; on the demo it is the phone's inbox, readable like the mail outbox. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    template: text("template"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    sentAt: tstz("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at"),
    // The provider's id for the message, once accepted.
    providerId: text("provider_id"),
    createdAt: createdAt(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (t) => [
    check("sms_outbox_body_check", sql`char_length(${t.body}) BETWEEN 1 AND 480`),
    index("sms_outbox_seq_idx").on(t.seq.desc()),
    index("sms_outbox_unsent_idx").on(t.seq).where(sql`${t.sentAt} IS NULL`),
    index("sms_outbox_user_seq_idx").on(t.userId, t.seq.desc()),
  ],
);

/** "Snapshot Before Deploy": a database dump on disk, listed by id and restorable with a documented command. */
export const snapshots = pgTable("snapshots", {
  // Human-readable, sortable id, e.g. "snap-20250101-020000".
  id: text("id").primaryKey(),
  createdAt: createdAt(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  // Where the dump file lives, relative to the snapshot directory.
  path: text("path").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }),
  note: text("note"),
});

/** Once-only scheduled jobs: a run claims (job, run_key), e.g. ('purge_deleted_members', '2025-01-31'),
 *  with INSERT ... ON CONFLICT DO NOTHING; only the process whose insert succeeds runs the job. */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    runKey: text("run_key").notNull(),
    startedAt: tstz("started_at").notNull().defaultNow(),
    // NULL while running (or if the process died mid-run: the job may then be re-claimed after a timeout).
    finishedAt: tstz("finished_at"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
  },
  (t) => [primaryKey({ name: "job_runs_pkey", columns: [t.job, t.runKey] })],
);

/** Stored files that no row points at yet (an upload before its listing is saved) or no longer does (the
 *  pictures an edit removed). Noted before the files are written, or in the transaction that lets go of them,
 *  so that a crash in between leaves a note to delete them instead of files nobody knows of. The write that
 *  keeps the files deletes its note in the transaction that points at them (core/storage/pending-files.ts). */
export const pendingFiles = pgTable(
  "pending_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Storage keys, e.g. "listings/<owner>/<name>-320.webp".
    keys: jsonb("keys").$type<string[]>().notNull(),
    // Until then the files may still be claimed by the write in progress; from then on they are abandoned.
    removeAfter: tstz("remove_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pending_files_remove_after_idx").on(t.removeAfter)],
);
