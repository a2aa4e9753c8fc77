import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { listings } from "#db/schema/listings.ts";
import type { Db } from "#db/client.ts";
import { AUDIT_TARGET_TYPES, adminAuditLog } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { isUuid } from "../shared/ids";

export const AUDIT_PAGE_SIZE = 100;

// What a row's target is called, so the log names it ("Dahlia tubers", "Olivia Bennett") instead of a bare id.
const targetListing = alias(listings, "target_listing");
const targetUser = alias(users, "target_user");

export type AuditFilters = {
  adminId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  cursor?: string | null;
};

/** The admin audit trail, newest first, a page at a time, filtered by staff member, action, target type or target. */
export async function findAuditLog(db: Db, filters: AuditFilters, limit = AUDIT_PAGE_SIZE) {
  const targetType = (AUDIT_TARGET_TYPES as readonly string[]).includes(filters.targetType ?? "")
    ? filters.targetType
    : undefined;
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
      targetListingTitle: targetListing.title,
      targetUserName: targetUser.name,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    // target_id is text (ids of every kind); a listing's id is a uuid, compared as text.
    .leftJoin(
      targetListing,
      and(eq(adminAuditLog.targetType, "listing"), sql`${targetListing.id}::text = ${adminAuditLog.targetId}`),
    )
    .leftJoin(targetUser, and(eq(adminAuditLog.targetType, "user"), eq(targetUser.id, adminAuditLog.targetId)))
    .where(
      and(
        filters.adminId ? eq(adminAuditLog.adminId, filters.adminId) : undefined,
        filters.action ? eq(adminAuditLog.action, filters.action.slice(0, 64)) : undefined,
        targetType ? eq(adminAuditLog.targetType, targetType as "user") : undefined,
        filters.targetId ? eq(adminAuditLog.targetId, filters.targetId.slice(0, 128)) : undefined,
        afterRow(
          adminAuditLog,
          { createdAt: adminAuditLog.createdAt, id: adminAuditLog.id },
          isUuid(filters.cursor) ? filters.cursor : null,
        ),
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { entries: page.map((row) => ({ ...row, actorLabel: actorLabel(row) })), nextCursor };
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

/**
 * Who did it, in words: the staff member's name, or, for rows no person made, what made them (the demo seed and the
 * `npm run staff` command line write role grants with no actor). "Unknown" only when nothing says (spec section 2).
 */
function actorLabel(row: { adminName: string | null; metadata: unknown }): string {
  if (row.adminName) return row.adminName;
  const via = (row.metadata as { via?: unknown } | null)?.via;
  if (via === "seed") return "Demo seed";
  if (via === "cli") return "Command line (npm run staff)";
  return "Unknown";
}
