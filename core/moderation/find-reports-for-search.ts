import { and, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversations } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { likeText } from "../shared/sql-like";
import { onReport, reporter } from "./report-joins";

const asUuid = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;

/**
 * Reports for the top bar's search, newest first: by the reported listing's title (a message report: its thread's), the reporter's name, or the
 * report's id (whole, or its first 8+ characters, as a range the primary key answers). Three queries, each led
 * by its own index (listings' title trigrams, then reports by listing; members' name trigrams, then reports by
 * reporter; the primary key), merged: one query joining all three with OR reads every report at scale.
 */
export async function findReportsForSearch(db: Db, { q }: { q: string }, limit: number) {
  const hex = q.toLowerCase().replace(/-/g, "");
  const byId = /^[0-9a-f]{8,32}$/.test(hex)
    ? and(
        gte(moderationReports.id, asUuid(hex.padEnd(32, "0"))),
        lte(moderationReports.id, asUuid(hex.padEnd(32, "f"))),
      )
    : undefined;
  const like = likeText(q);
  const found = await Promise.all([
    reportsWhere(
      db,
      inArray(
        moderationReports.listingId,
        db.select({ id: listings.id }).from(listings).where(ilike(listings.title, like)),
      ),
      limit,
    ),
    // A message report, by its thread's listing title (decision 086).
    reportsWhere(
      db,
      inArray(
        moderationReports.conversationId,
        db.select({ id: conversations.id }).from(conversations).where(ilike(conversations.listingTitle, like)),
      ),
      limit,
    ),
    reportsWhere(
      db,
      inArray(moderationReports.reportedBy, db.select({ id: users.id }).from(users).where(ilike(users.name, like))),
      limit,
    ),
    byId ? reportsWhere(db, byId, limit) : [],
  ]);
  const unique = new Map(found.flat().map((r) => [r.id, r]));
  return [...unique.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, limit);
}

function reportsWhere(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: moderationReports.id,
      reason: moderationReports.reason,
      status: moderationReports.status,
      createdAt: moderationReports.createdAt,
      subject: moderationReports.subject,
      listingTitle: sql<string | null>`coalesce(${listings.title}, ${conversations.listingTitle})`,
      listingStatus: listings.status,
      reporterName: reporter.name,
    })
    .from(moderationReports)
    .leftJoin(listings, onReport.listing)
    .leftJoin(conversations, eq(conversations.id, moderationReports.conversationId))
    .leftJoin(reporter, onReport.reporter)
    .where(where)
    .orderBy(desc(moderationReports.createdAt), desc(moderationReports.id))
    .limit(limit);
}
