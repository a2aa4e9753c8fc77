import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversations } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { REPORT_STATUSES, REPORT_SUBJECTS, type ReportStatus } from "#db/schema/report-values.ts";
import { newestFirst, pageOf } from "../shared/keyset-cursor";
import { onReport, reporter } from "./report-joins";

export const QUEUE_PAGE_SIZE = 25;
export const QUEUE_FILTERS = ["all", ...REPORT_STATUSES] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

export const SUBJECT_FILTERS = ["all", ...REPORT_SUBJECTS] as const;
export type SubjectFilter = (typeof SUBJECT_FILTERS)[number];

/** The queue's subject filter from the URL: listings, messages (decision 086), reviews (decision 094) or all. */
export function subjectFilter(value: string | null | undefined): SubjectFilter {
  return SUBJECT_FILTERS.includes(value as SubjectFilter) ? (value as SubjectFilter) : "all";
}

/** The queue's filter from the URL: one of all, pending, approved, rejected, takedown; pending by default. */
export function queueFilter(value: string | null | undefined): QueueFilter {
  return QUEUE_FILTERS.includes(value as QueueFilter) ? (value as QueueFilter) : "pending";
}

/**
 * The Moderation Queue, newest first, a page at a time (keyset on created_at, id): each report with its listing's
 * title (null once the listing is gone; a review report: the reviewed member's name, null once the review is gone), reporter's name (null once their account is), and how many other reports
 * on the same listing are still open. `total` counts every report in the filter, for the title.
 */
export async function findModerationQueue(
  db: Db,
  { status, subject = "all", cursor }: { status: QueueFilter; subject?: SubjectFilter; cursor?: string | null },
  limit = QUEUE_PAGE_SIZE,
) {
  const inFilter: SQL | undefined = and(
    status === "all" ? undefined : eq(moderationReports.status, status as ReportStatus),
    subject === "all" ? undefined : eq(moderationReports.subject, subject),
  );
  const keyset = newestFirst(moderationReports, cursor);
  const rows = await db
    .select({
      id: moderationReports.id,
      reason: moderationReports.reason,
      status: moderationReports.status,
      notes: moderationReports.notes,
      evidenceCount: sql<number>`cardinality(${moderationReports.evidenceUrls})`,
      createdAt: moderationReports.createdAt,
      listingId: moderationReports.listingId,
      subject: moderationReports.subject,
      // An owner-deleted listing is a tombstone: for the queue it is as gone as a hard-deleted one. A message
      // report shows its thread's listing, as the thread keeps it.
      listingTitle: sql<
        string | null
      >`case when ${moderationReports.subject} = 'message' then ${conversations.listingTitle}
        when ${moderationReports.subject} = 'review' then (select u.name from reviews r join users u on u.id = r.reviewee_id where r.id = ${moderationReports.reviewId})
        when ${listings.status} = 'deleted' then null else ${listings.title} end`,
      reporterName: reporter.name,
      otherOpenReports: sql<number>`(select count(*)::int from moderation_reports o
        where (o.listing_id = ${moderationReports.listingId} or o.message_id = ${moderationReports.messageId} or o.review_id = ${moderationReports.reviewId}) and o.status = 'pending' and o.id <> ${moderationReports.id})`,
    })
    .from(moderationReports)
    .leftJoin(listings, onReport.listing)
    .leftJoin(conversations, eq(conversations.id, moderationReports.conversationId))
    .leftJoin(reporter, onReport.reporter)
    .where(and(inFilter, keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const [{ total }] = await db.select({ total: count() }).from(moderationReports).where(inFilter);
  const { page, nextCursor } = pageOf(rows, limit);
  return { reports: page, nextCursor, total: Number(total) };
}
