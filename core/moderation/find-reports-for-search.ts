import { and, desc, eq, gte, ilike, lte, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { listings } from "../../db/schema/listings";
import { moderationReports } from "../../db/schema/moderation";
import { likeText } from "../members/find-members";

const reporter = alias(users, "reporter");
const asUuid = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;

/**
 * Reports for the top bar's search, newest first: by the reported listing's title, the reporter's name, or the
 * report's id (whole, or its first 8+ characters, as a range the primary key answers).
 */
export async function findReportsForSearch(db: Db, { q }: { q: string }, limit: number) {
  const hex = q.toLowerCase().replace(/-/g, "");
  const byId = /^[0-9a-f]{8,32}$/.test(hex)
    ? and(
        gte(moderationReports.id, asUuid(hex.padEnd(32, "0"))),
        lte(moderationReports.id, asUuid(hex.padEnd(32, "f"))),
      )
    : undefined;
  return db
    .select({
      id: moderationReports.id,
      reason: moderationReports.reason,
      status: moderationReports.status,
      createdAt: moderationReports.createdAt,
      listingTitle: listings.title,
      listingStatus: listings.status,
      reporterName: reporter.name,
    })
    .from(moderationReports)
    .leftJoin(listings, eq(listings.id, moderationReports.listingId))
    .leftJoin(reporter, eq(reporter.id, moderationReports.reportedBy))
    .where(or(ilike(listings.title, likeText(q)), ilike(reporter.name, likeText(q)), byId))
    .orderBy(desc(moderationReports.createdAt), desc(moderationReports.id))
    .limit(limit);
}
