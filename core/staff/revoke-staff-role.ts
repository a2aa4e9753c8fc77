import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type Role, userRoles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import type { RoleChanger } from "./grant-staff-role";
import { signOutAfterChange } from "./sign-out-after-change";

export const LAST_ADMIN = "The last admin can't be removed";

/**
 * Takes back-office roles from a member (the given ones, or all), ends every session of theirs at once, and
 * writes the audit row, in one transaction. The last admin can never be removed: the admin rows are locked
 * first, so two revocations racing for the last two admins cannot both succeed.
 */
export async function revokeStaffRole(
  db: Db,
  { userId, roles, by }: { userId: string; roles?: Role[]; by: RoleChanger },
) {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"))
      .orderBy(userRoles.userId)
      .for("update");
    const held = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    const removing = held.map((r) => r.role).filter((role) => !roles || roles.includes(role));
    if (removing.length === 0) return { changed: false, removed: [] as Role[] };
    if (removing.includes("admin") && admins.length <= 1) throw new AppError("CONFLICT", LAST_ADMIN);

    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, removing)));
    await signOutAfterChange(tx, { userId, by, action: "update_user_role", metadata: { removed: removing } });
    return { changed: true, removed: removing };
  });
}
