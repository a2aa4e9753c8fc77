import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { ROLES, type Role, userRoles } from "#db/schema/profiles.ts";

export type StaffAccess = { roles: Role[]; twoFactorEnabled: boolean };

/** A member's back-office roles (oldest first: the first is the badge) and whether their TOTP is verified. */
export async function findStaffAccess(db: Db, userId: string): Promise<StaffAccess> {
  const rows = await db
    .select({ role: userRoles.role, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(userRoles.createdAt, userRoles.role);
  const roles = rows.map((r) => r.role).filter((r): r is Role => !!r && (ROLES as readonly string[]).includes(r));
  return { roles, twoFactorEnabled: rows[0]?.twoFactorEnabled === true };
}
