import { and, desc, eq, exists, ilike, isNull, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { PROFILE_STATUSES, profiles, ROLES, userRoles } from "../../db/schema/profiles";
import { afterRow, cursorId, pageOf } from "../shared/keyset-cursor";

export const MEMBERS_PAGE_SIZE = 50;

export type MemberFilters = { q?: string; status?: string; role?: string; cursor?: string };
export type MemberRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  status: string;
  role: string | null;
  createdAt: Date;
};

/** Escapes % and _ so a search for "50%" means the text, not a pattern. */
export const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members who are not soft-deleted, newest first, a page at a time: search by name or e-mail, filter by status
 * (active, suspended, flagged) and role (admin, moderator, or "member" for none). Each row has its first role.
 */
export async function findMembers(db: Db, filters: MemberFilters, limit = MEMBERS_PAGE_SIZE) {
  const q = filters.q?.trim().slice(0, 100);
  const status = (PROFILE_STATUSES as readonly string[]).includes(filters.status ?? "") ? filters.status : undefined;
  const role = filters.role === "member" || (ROLES as readonly string[]).includes(filters.role ?? "") ? filters.role : undefined;
  const hasRole = (r?: string) =>
    db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, profiles.userId), r ? eq(userRoles.role, r as "admin") : undefined));
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      status: profiles.status,
      createdAt: profiles.createdAt,
      role: sql<string | null>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${profiles.userId} order by ${userRoles.createdAt}, ${userRoles.role} limit 1)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        isNull(profiles.deletedAt),
        q ? or(ilike(users.name, likeText(q)), ilike(users.email, likeText(q))) : undefined,
        status ? eq(profiles.status, status as "active") : undefined,
        role === "member" ? notExists(hasRole()) : role ? exists(hasRole(role)) : undefined,
        afterRow(profiles, { createdAt: profiles.createdAt, id: profiles.userId }, cursorId(filters.cursor)),
      ),
    )
    .orderBy(desc(profiles.createdAt), desc(profiles.userId))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows as MemberRow[], limit);
  return { members: page, nextCursor };
}
