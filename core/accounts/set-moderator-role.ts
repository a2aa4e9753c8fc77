import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import { grantStaffRole } from "../staff/grant-staff-role";
import type { StaffActor } from "../staff/pass-staff-gate";
import { revokeStaffRole } from "../staff/revoke-staff-role";
import { MEMBER_NOT_FOUND, NOT_ON_YOURSELF } from "./member-guards";

/**
 * An admin makes a member a moderator or takes the role back (the Users page). Taking it back ends the
 * member's sessions at once. Admins are made and removed with the command line only.
 */
export async function setModeratorRole(
  db: Db,
  { actor, userId, moderator }: { actor: StaffActor; userId: string; moderator: boolean },
) {
  if (userId === actor.userId) throw new AppError("FORBIDDEN", NOT_ON_YOURSELF);
  // Only a member's role changes: an address naming no one is refused (granting one was a role row the database
  // rejected, a 500; revoking one claimed success). A deleted member, gone for the back office, gains no role.
  const [member] = await db.select({ deletedAt: profiles.deletedAt }).from(profiles).where(eq(profiles.userId, userId));
  if (!member || (moderator && member.deletedAt)) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  const by = { actorId: actor.userId, ip: actor.ip, userAgent: actor.userAgent, via: "back_office" as const };
  const { changed } = moderator
    ? await grantStaffRole(db, { userId, role: "moderator", by })
    : await revokeStaffRole(db, { userId, roles: ["moderator"], by });
  return { changed };
}
