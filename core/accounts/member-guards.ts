import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { type AdminActionRecord, recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import { endSessions } from "../auth/end-sessions";
import type { StaffActor } from "../staff/pass-staff-gate";

export const MEMBER_NOT_FOUND = "Member not found";
export const NOT_ON_YOURSELF = "You can't do this to your own account";
export const ALREADY_SUSPENDED = "This member is already suspended";
export const NOT_SUSPENDED = "This member is not suspended";
export const RETENTION_DAYS = 30;

export type MemberChange = { actor: StaffActor; userId: string; now: Date };

/** The member's profile, locked for the change; soft-deleted members are gone for the back office. */
export async function lockMember(tx: Db, { actor, userId }: MemberChange) {
  if (userId === actor.userId) throw new AppError("FORBIDDEN", NOT_ON_YOURSELF);
  const [member] = await tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt)))
    .for("update");
  if (!member) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  return member;
}

/**
 * Takes a locked member off the site (suspended, or deleted by staff): their profile changed as `set` says, every
 * session ended, and the staff action recorded with the reason, the sessions ended and what else `metadata` says.
 */
export async function takeMemberOff(
  tx: Db,
  change: MemberChange,
  {
    set,
    action,
    reason,
    metadata,
  }: {
    set: Partial<typeof profiles.$inferInsert>;
    action: AdminActionRecord["action"];
    reason: string;
    metadata: Record<string, unknown>;
  },
) {
  await tx
    .update(profiles)
    .set({ ...set, status: "suspended", updatedAt: change.now })
    .where(eq(profiles.userId, change.userId));
  const sessionsEnded = await endSessions(tx, change.userId);
  await recordAdminAction(tx, {
    actorId: change.actor.userId,
    action,
    targetType: "user",
    targetId: change.userId,
    metadata: { reason, sessionsEnded, ...metadata },
    ip: change.actor.ip,
    userAgent: change.actor.userAgent,
  });
}
