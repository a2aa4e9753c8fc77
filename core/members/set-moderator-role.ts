import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";
import { AppError } from "../shared/app-error";
import { grantStaffRole } from "../staff/grant-staff-role";
import type { StaffActor } from "../staff/pass-staff-gate";
import { revokeStaffRole } from "../staff/revoke-staff-role";
import { MEMBER_NOT_FOUND, NOT_ON_YOURSELF } from "./member-guards";

/**
 * An admin makes a member a moderator or takes the role back (the Users page). Taking it back ends the
 * member's sessions at once. Admins are made and removed with the command line only.
 */
export async function setModeratorRole(db: Db, { actor, userId, moderator }: { actor: StaffActor; userId: string; moderator: boolean }) {
  if (userId === actor.userId) throw new AppError("FORBIDDEN", NOT_ON_YOURSELF);
  // The role goes to a member: an address naming no one (or a deleted member, gone for the back office) is
  // refused, rather than becoming a role row the database rejects (a 500).
  if (moderator) {
    const [member] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt)));
    if (!member) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  }
  const by = { actorId: actor.userId, ip: actor.ip, userAgent: actor.userAgent, via: "back_office" as const };
  const { changed } = moderator
    ? await grantStaffRole(db, { userId, role: "moderator", by })
    : await revokeStaffRole(db, { userId, roles: ["moderator"], by });
  return { changed };
}
