import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { accounts } from "#db/schema/auth.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import { passwordSchema } from "../auth/credentials-schema";
import type { RoleChanger } from "./grant-staff-role";
import { signOutAfterChange } from "./sign-out-after-change";

export const NOT_STAFF = "That member has no back-office role: `npm run staff -- password` is for staff accounts only";

/**
 * Gives a staff account a new password from the command line (or the demo seed taking an account back), ends every
 * session of theirs and writes the audit row, in one transaction. The password itself is never stored or logged.
 */
export async function setStaffPassword(
  db: Db,
  { userId, password, by }: { userId: string; password: string; by: RoleChanger },
) {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Invalid password");
  const hash = await hashPassword(parsed.data);
  return db.transaction(async (tx) => {
    if (by.via === "cli") {
      const [role] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
      if (!role) throw new AppError("FORBIDDEN", NOT_STAFF);
    }
    const updated = await tx
      .update(accounts)
      .set({ password: hash })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
      .returning();
    // Staff who signed up with an identity provider have no password yet: this gives them one.
    if (updated.length === 0) {
      await tx
        .insert(accounts)
        .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
    }
    return { sessionsEnded: await signOutAfterChange(tx, { userId, by, action: "set_staff_password" }) };
  });
}
