import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { adminAuditLog } from "#db/schema/audit.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { createMember } from "#tests/support/factories.ts";
import { createTestDatabase } from "#tests/support/test-db.ts";
import { findMemberIdByEmail, grantStaffRole, NO_SUCH_MEMBER } from "./grant-staff-role";
import { LAST_ADMIN, revokeStaffRole } from "./revoke-staff-role";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

const cli = { actorId: null, via: "cli" as const };
const rolesOf = async (userId: string) =>
  (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)))
    .map((r) => r.role)
    .sort();
const auditFor = (userId: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, userId));
async function signedInSession(userId: string) {
  await db.insert(sessions).values({
    id: crypto.randomUUID(),
    token: crypto.randomUUID(),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

describe("staff roles from the command line", () => {
  test("a member found by e-mail in any case becomes a moderator, once, with one audit row", async () => {
    const userId = (await createMember(db)).id;
    const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    expect(await findMemberIdByEmail(db, ` ${email.toUpperCase()} `)).toBe(userId);
    expect(await grantStaffRole(db, { userId, role: "moderator", by: cli })).toEqual({ changed: true });
    expect(await grantStaffRole(db, { userId, role: "moderator", by: cli })).toEqual({ changed: false });
    expect(await rolesOf(userId)).toEqual(["moderator"]);
    const audit = await auditFor(userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: null, action: "update_user_role", targetType: "user" });
    expect(audit[0].metadata).toMatchObject({ granted: "moderator", via: "cli" });
  });

  test("an unknown e-mail is refused plainly", async () => {
    await expect(findMemberIdByEmail(db, "nobody@example.com.au")).rejects.toThrow(NO_SUCH_MEMBER);
  });

  test("revoking takes every role away and ends the member's sessions at once", async () => {
    const keeper = (await createMember(db)).id;
    await grantStaffRole(db, { userId: keeper, role: "admin", by: cli });
    const userId = (await createMember(db)).id;
    await grantStaffRole(db, { userId, role: "admin", by: cli });
    await grantStaffRole(db, { userId, role: "moderator", by: cli });
    await signedInSession(userId);
    await signedInSession(userId);
    const result = await revokeStaffRole(db, { userId, by: cli });
    expect(result.removed.sort()).toEqual(["admin", "moderator"]);
    expect(await rolesOf(userId)).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    const audit = (await auditFor(userId)).filter((a) => "removed" in a.metadata);
    expect(audit).toHaveLength(1);
    expect(audit[0].metadata).toMatchObject({ sessionsEnded: 2 });
  });

  test("the last admin can never be removed, and nothing changes when that is refused", async () => {
    // Leave exactly one admin in this database.
    const others = await db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    for (const o of others) await revokeStaffRole(db, { userId: o.userId, roles: ["admin"], by: cli }).catch(() => {});
    const [last] = await db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    await signedInSession(last.userId);
    const auditBefore = (await auditFor(last.userId)).length;
    await expect(revokeStaffRole(db, { userId: last.userId, by: cli })).rejects.toThrow(LAST_ADMIN);
    expect(await rolesOf(last.userId)).toContain("admin");
    expect(await db.select().from(sessions).where(eq(sessions.userId, last.userId))).toHaveLength(1);
    expect(await auditFor(last.userId)).toHaveLength(auditBefore);
  });

  test.skipIf(handle.kind !== "postgres")("two admins removing each other at once: one stays", async () => {
    await db.delete(userRoles);
    const a = (await createMember(db)).id;
    const b = (await createMember(db)).id;
    await grantStaffRole(db, { userId: a, role: "admin", by: cli });
    await grantStaffRole(db, { userId: b, role: "admin", by: cli });
    const results = await Promise.allSettled([
      revokeStaffRole(db, { userId: a, by: cli }),
      revokeStaffRole(db, { userId: b, by: cli }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.select().from(userRoles).where(eq(userRoles.role, "admin"))).toHaveLength(1);
  });
});
