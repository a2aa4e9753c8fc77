import type { Db } from "#db/client.ts";
import { findStaffAccess } from "./find-staff-access";
import { reauthenticationMethods } from "./reauthentication";

export type AccountSecurity = { hasPassword: boolean; twoFactorOn: boolean; isStaff: boolean };

/** What the Sign-in & security page shows: a password or not, two-step sign-in on or off, and whether it must stay on. */
export async function findAccountSecurity(db: Db, userId: string): Promise<AccountSecurity> {
  const [methods, staff] = await Promise.all([reauthenticationMethods(db, userId), findStaffAccess(db, userId)]);
  return { hasPassword: methods.password, twoFactorOn: methods.totp, isStaff: staff.roles.length > 0 };
}
