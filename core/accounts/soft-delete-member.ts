import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";
import { recordAdminAction } from "../audit/record-admin-action";
import { endSessions, lockMember, type MemberChange, RETENTION_DAYS } from "./member-guards";
import { requireReason } from "../shared/reason";

/**
 * Marks a member for deletion: hidden at once (deleted, suspended, signed out), purged for good after 30 days by
 * the daily job, which keeps their swap and payment records whole and anonymised.
 */
export async function softDeleteMember(db: Db, change: MemberChange & { reason: unknown }) {
  const reason = requireReason(change.reason);
  const purgeAt = new Date(change.now.getTime() + RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const before = await lockMember(tx, change);
    await tx
      .update(profiles)
      .set({
        status: "suspended",
        deletedAt: change.now,
        permanentDeletionAt: purgeAt,
        deletionReason: reason,
        updatedAt: change.now,
      })
      .where(eq(profiles.userId, change.userId));
    const ended = await endSessions(tx, change.userId);
    await recordAdminAction(tx, {
      actorId: change.actor.userId,
      action: "delete_user",
      targetType: "user",
      targetId: change.userId,
      metadata: {
        reason,
        sessionsEnded: ended,
        permanentDeletionAt: purgeAt.toISOString(),
        before: { status: before.status },
      },
      ip: change.actor.ip,
      userAgent: change.actor.userAgent,
    });
    return { permanentDeletionAt: purgeAt };
  });
}
