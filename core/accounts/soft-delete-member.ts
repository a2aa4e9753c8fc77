import type { Db } from "#db/client.ts";
import { lockMember, type MemberChange, RETENTION_DAYS, takeMemberOff } from "./member-guards";
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
    await takeMemberOff(tx, change, {
      set: { deletedAt: change.now, permanentDeletionAt: purgeAt, deletionReason: reason },
      action: "delete_user",
      reason,
      metadata: { permanentDeletionAt: purgeAt.toISOString(), before: { status: before.status } },
    });
    return { permanentDeletionAt: purgeAt };
  });
}
