import { and, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { APPEAL_STATUSES, type AppealStatus, appeals } from "#db/schema/appeals.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isUuid } from "../shared/ids";
import { newestFirst, pageOf } from "../shared/keyset-cursor";
import { likeText } from "../shared/sql-like";

export const APPEALS_PAGE_SIZE = 25;
export const APPEAL_FILTERS = ["all", ...APPEAL_STATUSES] as const;
export type AppealFilter = (typeof APPEAL_FILTERS)[number];

/** The list's filter from the URL: pending by default. */
export function appealFilter(value: string | null | undefined): AppealFilter {
  return APPEAL_FILTERS.includes(value as AppealFilter) ? (value as AppealFilter) : "pending";
}

const member = alias(users, "member");
const actedBy = alias(users, "acted_by_user");
const decidedBy = alias(users, "decided_by_user");

/**
 * The appeals in the Moderation Queue (decision 097), newest first, a page at a time, searched by the member's
 * name or e-mail: who, about what, and whether it is decided. `total` counts the filter; `pending` every appeal
 * waiting (the queue's link shows it).
 */
export async function findAppeals(
  db: Db,
  { status, q, cursor }: { status: AppealFilter; q?: string | null; cursor?: string | null },
  limit = APPEALS_PAGE_SIZE,
) {
  const search = q?.trim().slice(0, 100);
  const where: SQL | undefined = and(
    status === "all" ? undefined : eq(appeals.status, status as AppealStatus),
    search ? or(ilike(member.name, likeText(search)), ilike(member.email, likeText(search))) : undefined,
  );
  const keyset = newestFirst(appeals, cursor);
  const rows = await db
    .select({
      id: appeals.id,
      subject: appeals.subject,
      status: appeals.status,
      statement: sql<string>`left(${appeals.statement}, 160)`,
      createdAt: appeals.createdAt,
      memberName: member.name,
      listingTitle: listings.title,
    })
    .from(appeals)
    .innerJoin(member, eq(member.id, appeals.userId))
    .leftJoin(listings, eq(listings.id, appeals.listingId))
    .where(and(where, keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const [{ total }] = await db
    .select({ total: count() })
    .from(appeals)
    .innerJoin(member, eq(member.id, appeals.userId))
    .where(where);
  const { page, nextCursor } = pageOf(rows, limit);
  return { appeals: page, nextCursor, total: Number(total) };
}

/** How many appeals wait for a decision (the Moderation Queue's link). */
export async function countPendingAppeals(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(appeals).where(eq(appeals.status, "pending"));
  return Number(n);
}

/**
 * One appeal as staff decide it: the member, what was decided (the suspension's or the listing's reason as it
 * stands), who took the decision and when, the statement, and the decision on the appeal once taken.
 */
export async function findAppealForStaff(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: appeals.id,
      subject: appeals.subject,
      status: appeals.status,
      statement: appeals.statement,
      decisionAt: appeals.decisionAt,
      createdAt: appeals.createdAt,
      decidedAt: appeals.decidedAt,
      decisionReason: appeals.decisionReason,
      userId: appeals.userId,
      memberName: member.name,
      memberEmail: member.email,
      memberStatus: profiles.status,
      suspensionReason: profiles.suspensionReason,
      actedById: appeals.actedBy,
      actedByName: actedBy.name,
      decidedByName: decidedBy.name,
      listingId: appeals.listingId,
      listingTitle: listings.title,
      listingStatus: listings.status,
      listingModeration: listings.moderationStatus,
      listingReason: listings.takedownReason,
    })
    .from(appeals)
    .innerJoin(member, eq(member.id, appeals.userId))
    .leftJoin(profiles, eq(profiles.userId, appeals.userId))
    .leftJoin(actedBy, eq(actedBy.id, appeals.actedBy))
    .leftJoin(decidedBy, eq(decidedBy.id, appeals.decidedBy))
    .leftJoin(listings, eq(listings.id, appeals.listingId))
    .where(eq(appeals.id, id));
  return row ?? null;
}
