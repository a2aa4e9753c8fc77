import type { Db } from "#db/client.ts";
import { adminAuditLog, type AuditTargetType } from "#db/schema/audit.ts";

export type AdminActionRecord = {
  /** Who did it: the staff member's user id, or null for the command line (the page shows 'Unknown'). */
  actorId: string | null;
  action: string;
  targetType: AuditTargetType;
  targetId?: string | null;
  /** The reason and the fields before and after: whatever tells the story of the change. */
  metadata?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
};

/**
 * Writes the audit row for one back-office action. Call it with the transaction that makes the change, so a
 * rollback takes the row with it and a committed change always has its row.
 */
export async function recordAdminAction(tx: Db, record: AdminActionRecord) {
  await tx.insert(adminAuditLog).values({
    adminId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    metadata: record.metadata ?? {},
    ip: record.ip ?? null,
    userAgent: record.userAgent ?? null,
  });
}
