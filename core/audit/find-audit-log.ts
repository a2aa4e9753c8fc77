import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AUDIT_TARGET_TYPES, adminAuditLog } from "../../db/schema/audit";
import { users } from "../../db/schema/auth";
import { userRoles } from "../../db/schema/profiles";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { isUuid } from "../swaps/swap-guards";

export const AUDIT_PAGE_SIZE = 100;

export type AuditFilters = { adminId?: string; action?: string; targetType?: string; targetId?: string; cursor?: string | null };

/** The admin audit trail, newest first, a page at a time, filtered by staff member, action, target type or target. */
export async function findAuditLog(db: Db, filters: AuditFilters, limit = AUDIT_PAGE_SIZE) {
  const targetType = (AUDIT_TARGET_TYPES as readonly string[]).includes(filters.targetType ?? "") ? filters.targetType : undefined;
  const rows = await db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      metadata: adminAuditLog.metadata,
      ip: adminAuditLog.ip,
      userAgent: adminAuditLog.userAgent,
      createdAt: adminAuditLog.createdAt,
      adminId: adminAuditLog.adminId,
      adminName: users.name,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(
      and(
        filters.adminId ? eq(adminAuditLog.adminId, filters.adminId) : undefined,
        filters.action ? eq(adminAuditLog.action, filters.action.slice(0, 64)) : undefined,
        targetType ? eq(adminAuditLog.targetType, targetType as "user") : undefined,
        filters.targetId ? eq(adminAuditLog.targetId, filters.targetId.slice(0, 128)) : undefined,
        afterRow(adminAuditLog, { createdAt: adminAuditLog.createdAt, id: adminAuditLog.id }, isUuid(filters.cursor) ? filters.cursor : null),
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { entries: page, nextCursor };
}

/** The staff members (anyone holding a role), for the filter. */
export async function findAuditActors(db: Db) {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(users.name)
    .limit(200);
  // A member with both roles appears once.
  return rows.filter((row, i) => rows.findIndex((other) => other.id === row.id) === i);
}
