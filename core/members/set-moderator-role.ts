import type { Db } from "../../db/client";
import { AppError } from "../shared/app-error";
import { grantStaffRole } from "../staff/grant-staff-role";
import type { StaffActor } from "../staff/pass-staff-gate";
import { revokeStaffRole } from "../staff/revoke-staff-role";
import { NOT_ON_YOURSELF } from "./member-guards";

/**
 * An admin makes a member a moderator or takes the role back (the Users page). Taking it back ends the
 * member's sessions at once. Admins are made and removed with the command line only.
 */
export async function setModeratorRole(db: Db, { actor, userId, moderator }: { actor: StaffActor; userId: string; moderator: boolean }) {
  if (userId === actor.userId) throw new AppError("FORBIDDEN", NOT_ON_YOURSELF);
  const by = { actorId: actor.userId, ip: actor.ip, userAgent: actor.userAgent, via: "back_office" as const };
  const { changed } = moderator
    ? await grantStaffRole(db, { userId, role: "moderator", by })
    : await revokeStaffRole(db, { userId, roles: ["moderator"], by });
  return { changed };
}
