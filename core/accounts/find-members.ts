import { and, count, desc, eq, exists, ilike, isNotNull, isNull, notExists, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { PROFILE_STATUSES, profiles, ROLES, userRoles } from "#db/schema/profiles.ts";
import { afterRow, cursorId, pageOf } from "../shared/keyset-cursor";
import { likeText } from "../shared/sql-like";

export const MEMBERS_PAGE_SIZE = 50;

/**
 * The Users page's status filter: the three profile statuses, and "deleted" for members marked for deletion and
 * not yet purged (hidden from every other list, shown here so staff can check one during its 30 days).
 */
export const MEMBER_STATUS_FILTERS = [...PROFILE_STATUSES, "deleted"] as const;

export type MemberFilters = { q?: string; status?: string; role?: string; cursor?: string };
export type MemberRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  status: string;
  role: string | null;
  createdAt: Date;
  /** Set only for a member marked for deletion: when, why, and when the daily job purges them. */
  deletedAt: Date | null;
  deletionReason: string | null;
  permanentDeletionAt: Date | null;
};

/** Escapes % and _ so a search for "50%" means the text, not a pattern. */

/** The filters as one condition, shared by the page and its count so the two always agree. */
function memberWhere(db: Db, filters: MemberFilters): SQL | undefined {
  const q = filters.q?.trim().slice(0, 100);
  const deleted = filters.status === "deleted";
  const status = (PROFILE_STATUSES as readonly string[]).includes(filters.status ?? "") ? filters.status : undefined;
  const role =
    filters.role === "member" || (ROLES as readonly string[]).includes(filters.role ?? "") ? filters.role : undefined;
  const hasRole = (r?: string) =>
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, profiles.userId), r ? eq(userRoles.role, r as "admin") : undefined));
  return and(
    deleted ? isNotNull(profiles.deletedAt) : isNull(profiles.deletedAt),
    q ? or(ilike(users.name, likeText(q)), ilike(users.email, likeText(q))) : undefined,
    status ? eq(profiles.status, status as "active") : undefined,
    role === "member" ? notExists(hasRole()) : role ? exists(hasRole(role)) : undefined,
  );
}

/**
 * Members, newest first, a page at a time: those not soft-deleted (or, with status "deleted", only those marked
 * for deletion), searched by name or e-mail, filtered by status (active, suspended, flagged) and role (admin,
 * moderator, or "member" for none). Each row has its first role.
 */
export async function findMembers(db: Db, filters: MemberFilters, limit = MEMBERS_PAGE_SIZE) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      status: profiles.status,
      createdAt: profiles.createdAt,
      deletedAt: profiles.deletedAt,
      deletionReason: profiles.deletionReason,
      permanentDeletionAt: profiles.permanentDeletionAt,
      role: sql<
        string | null
      >`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${profiles.userId} order by ${userRoles.createdAt}, ${userRoles.role} limit 1)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        memberWhere(db, filters),
        afterRow(profiles, { createdAt: profiles.createdAt, id: profiles.userId }, cursorId(filters.cursor)),
      ),
    )
    .orderBy(desc(profiles.createdAt), desc(profiles.userId))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows as MemberRow[], limit);
  return { members: page, nextCursor };
}

/** How many members match the filters in all pages (the Users page's total). */
export async function countMembers(db: Db, filters: MemberFilters): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(memberWhere(db, filters));
  return Number(row?.n ?? 0);
}
