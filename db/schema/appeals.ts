// Appeals (issue 28): a suspended member, or the owner of a rejected or taken-down listing, asks once for the
// decision to be looked at again. A staff member other than the one who acted decides.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz } from "./columns";
import { listings } from "./listings";

/** What is appealed: the member's suspension, or a moderation decision on one of their listings. */
export const APPEAL_SUBJECTS = ["suspension", "listing"] as const;
export type AppealSubject = (typeof APPEAL_SUBJECTS)[number];

/** pending -> upheld (the decision stands) | reversed (the decision is undone). */
export const APPEAL_STATUSES = ["pending", "upheld", "reversed"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const appeals = pgTable(
  "appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject", { enum: APPEAL_SUBJECTS }).notNull(),
    // The listing appealed (subject 'listing'); cascade: an appeal about a listing that is gone is moot.
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    // When the appealed decision was taken (the suspension's or the listing decision's time): one appeal per
    // decision, so a later decision can be appealed again.
    decisionAt: tstz("decision_at").notNull(),
    // The staff member who took the decision (from the audit trail), who may not decide the appeal.
    actedBy: text("acted_by").references(() => users.id, { onDelete: "set null" }),
    statement: text("statement").notNull(),
    status: text("status", { enum: APPEAL_STATUSES }).notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: tstz("decided_at"),
    decisionReason: text("decision_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("appeals_subject_check", inList(t.subject, APPEAL_SUBJECTS)),
    check("appeals_status_check", inList(t.status, APPEAL_STATUSES)),
    check("appeals_listing_check", sql`(${t.subject} = 'listing') = (${t.listingId} IS NOT NULL)`),
    check("appeals_statement_check", sql`char_length(${t.statement}) BETWEEN 1 AND 2000`),
    check(
      "appeals_decided_check",
      sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL) AND (${t.status} = 'pending' OR ${t.decisionReason} IS NOT NULL)`,
    ),
    check(
      "appeals_reason_check",
      sql`${t.decisionReason} IS NULL OR char_length(${t.decisionReason}) BETWEEN 1 AND 1000`,
    ),
    check(
      "appeals_second_pair_of_eyes_check",
      sql`${t.decidedBy} IS NULL OR ${t.actedBy} IS NULL OR ${t.decidedBy} <> ${t.actedBy}`,
    ),
    // Once per decision.
    uniqueIndex("appeals_once_idx").on(t.userId, t.subject, sql`coalesce(${t.listingId}::text, '')`, t.decisionAt),
    // The Moderation Queue: pending first, newest first.
    index("appeals_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("appeals_listing_idx").on(t.listingId),
  ],
);
