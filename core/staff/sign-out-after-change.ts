import type { Db } from "#db/client.ts";
import { endSessions } from "../auth/end-sessions";
import { recordAdminAction } from "../audit/record-admin-action";
import type { RoleChanger } from "./grant-staff-role";

/**
 * After a change to a staff member's access (roles taken, a new password), ends every session of theirs at once
 * and writes the change's audit row, saying how many sessions ended and how the change was made. Gives that count.
 */
export async function signOutAfterChange(
  tx: Db,
  change: { userId: string; by: RoleChanger; action: string; metadata?: Record<string, unknown> },
) {
  const sessionsEnded = await endSessions(tx, change.userId);
  const { by } = change;
  await recordAdminAction(tx, {
    actorId: by.actorId,
    action: change.action,
    targetType: "user",
    targetId: change.userId,
    metadata: { ...change.metadata, sessionsEnded, via: by.via },
    ip: by.ip,
    userAgent: by.userAgent,
  });
  return sessionsEnded;
}
