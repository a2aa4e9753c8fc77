import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { type Role, userRoles } from "#db/schema/profiles.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";

export const NO_SUCH_MEMBER = "No member has that e-mail address";

/** Who changes a role: a staff member on the Users page, or the command line (no actor, recorded as such). */
export type RoleChanger = {
  actorId: string | null;
  ip?: string | null;
  userAgent?: string | null;
  via: "cli" | "seed" | "back_office";
};

/** Finds a member by e-mail (as typed: trimmed, any case) for the command line. */
export async function findMemberIdByEmail(db: Db, email: string): Promise<string> {
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!member) throw new AppError("NOT_FOUND", NO_SUCH_MEMBER);
  return member.id;
}

/** Gives a member a back-office role (idempotent), with its audit row in the same transaction. */
export async function grantStaffRole(db: Db, { userId, role, by }: { userId: string; role: Role; by: RoleChanger }) {
  return db.transaction(async (tx) => {
    const added = await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning();
    if (added.length === 0) return { changed: false };
    await recordAdminAction(tx, {
      actorId: by.actorId,
      action: "update_user_role",
      targetType: "user",
      targetId: userId,
      metadata: { granted: role, via: by.via },
      ip: by.ip,
      userAgent: by.userAgent,
    });
    return { changed: true };
  });
}
