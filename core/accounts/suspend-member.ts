import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import { ALREADY_SUSPENDED, endSessions, lockMember, type MemberChange } from "./member-guards";
import { requireReason } from "../shared/reason";

/**
 * Suspends a member: status suspended with the time and reason, every session ended, and (by the public-listing
 * rule) their listings hidden from everyone else. They are told why when they try to sign in.
 */
export async function suspendMember(db: Db, change: MemberChange & { reason: unknown }) {
  const reason = requireReason(change.reason);
  return db.transaction(async (tx) => {
    const before = await lockMember(tx, change);
    if (before.status === "suspended") throw new AppError("CONFLICT", ALREADY_SUSPENDED);
    await tx
      .update(profiles)
      .set({ status: "suspended", suspendedAt: change.now, suspensionReason: reason, updatedAt: change.now })
      .where(eq(profiles.userId, change.userId));
    const ended = await endSessions(tx, change.userId);
    await recordAdminAction(tx, {
      actorId: change.actor.userId,
      action: "suspend_user",
      targetType: "user",
      targetId: change.userId,
      metadata: { reason, sessionsEnded: ended, before: { status: before.status }, after: { status: "suspended" } },
      ip: change.actor.ip,
      userAgent: change.actor.userAgent,
    });
  });
}
