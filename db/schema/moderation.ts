// Member reports on listings; they feed the admin Moderation Queue and the auto-takedown rule.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz } from "./columns";
import { conversationMessages, conversations } from "./conversations";
import { listings } from "./listings";
import { reviews } from "./swaps";

import { REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECTS } from "./report-values";

export {
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  type ReportReason,
  type ReportStatus,
  type ReportSubject,
} from "./report-values";

/** A listing reported by this many different members is hidden pending review (enable_auto_takedown). */
export const AUTO_TAKEDOWN_REPORTS = 3;

export const moderationReports = pgTable(
  "moderation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SET NULL: the report outlives an (admin) hard-deleted listing; the queue shows "Deleted Listing".
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    // SET NULL: the report stays in the queue if the reporter's account goes.
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    // What is reported: a listing (listing_id) or a line of a conversation (message_id, with its thread).
    subject: text("subject", { enum: REPORT_SUBJECTS }).notNull().default("listing"),
    // SET NULL: the report stays in the queue when the thread goes (its context is then gone too).
    messageId: uuid("message_id").references(() => conversationMessages.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    // A reported review (subject 'review'); SET NULL keeps the report when the review goes.
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    notes: text("notes"),
    // Links the reporter gives as evidence (shown to moderators, never fetched by the server).
    evidenceUrls: text("evidence_urls").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: tstz("reviewed_at"),
    reviewNotes: text("review_notes"),
    createdAt: createdAt(),
  },
  (t) => [
    check("moderation_reports_reason_check", inList(t.reason, REPORT_REASONS)),
    check("moderation_reports_subject_check", inList(t.subject, REPORT_SUBJECTS)),
    // A message report never names a listing, so listing rules (auto takedown, one per listing) never count it.
    check("moderation_reports_message_subject_check", sql`${t.subject} = 'listing' OR ${t.listingId} IS NULL`),
    check("moderation_reports_status_check", inList(t.status, REPORT_STATUSES)),
    check("moderation_reports_notes_check", sql`${t.notes} IS NULL OR char_length(${t.notes}) <= 2000`),
    check("moderation_reports_evidence_check", sql`cardinality(${t.evidenceUrls}) <= 10`),
    // One open report per member per listing, so one member cannot stack reports (or trip auto takedown).
    uniqueIndex("moderation_reports_one_pending_idx").on(t.listingId, t.reportedBy).where(sql`${t.status} = 'pending'`),
    // One open report per member per message.
    uniqueIndex("moderation_reports_one_pending_message_idx")
      .on(t.messageId, t.reportedBy)
      .where(sql`${t.status} = 'pending' AND ${t.messageId} IS NOT NULL`),
    // One open report per member per review.
    uniqueIndex("moderation_reports_one_pending_review_idx")
      .on(t.reviewId, t.reportedBy)
      .where(sql`${t.status} = 'pending' AND ${t.reviewId} IS NOT NULL`),
    // The queue: pending first, newest first.
    index("moderation_reports_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // Auto takedown counts distinct reporters of one listing.
    index("moderation_reports_listing_idx").on(t.listingId, t.status),
    // The queue's "all" filter, newest first (keyset on created_at, id).
    index("moderation_reports_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Back-office search by the reporter's name.
    index("moderation_reports_reporter_idx").on(t.reportedBy, t.createdAt.desc().nullsFirst()),
  ],
);
