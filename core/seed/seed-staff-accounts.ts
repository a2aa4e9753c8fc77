import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { SEED_PASSWORD } from "../../db/seed/seed-data";
import { SEED_STAFF } from "../../db/seed/seed-staff";
import { grantStaffRole } from "../staff/grant-staff-role";
import type { Auth } from "../users/auth";
import { isDemoMode } from "./demo-mode";

/**
 * The demo's staff accounts exist only on the embedded database: a shared, published password must never
 * guard the back office of a PostgreSQL deployment, even one where ALLOW_SEED opened the demo parts.
 */
export function maySeedStaff(env: { NODE_ENV: string; DATABASE_URL?: string; ALLOW_SEED?: boolean }): boolean {
  return isDemoMode(env) && !env.DATABASE_URL?.startsWith("postgres");
}

/** Creates the demo's staff accounts (db/seed/seed-staff.ts) with their roles, skipping what exists (idempotent). */
export async function seedStaffAccounts(deps: { db: Db; auth: Auth }): Promise<number> {
  let created = 0;
  for (const staff of SEED_STAFF) {
    let [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
    if (!member) {
      await deps.auth.api.signUpEmail({ body: { email: staff.email, password: SEED_PASSWORD, name: staff.name } });
      [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
      await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
      created++;
    }
    await grantStaffRole(deps.db, { userId: member.id, role: staff.role, by: { actorId: null, via: "seed" } });
  }
  return created;
}
