import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { users } from "#db/schema/auth.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { createTestDatabase } from "#tests/support/test-db.ts";
import { findStaffAccess } from "../auth/find-staff-access";
import { maySeedStaff, randomStaffPassword, seedStaffAccounts } from "./seed-staff-accounts";

const handle = await createTestDatabase();
afterAll(() => handle.close());
const { auth } = createTestApp(handle);
const emails = ["admin@example.com", "support@example.com", "moderator@example.com", "ops@example.com"];

describe("the demo's staff accounts", () => {
  test("exist only on the embedded database, never on PostgreSQL even with ALLOW_SEED=true", () => {
    expect(maySeedStaff({ NODE_ENV: "production" })).toBe(true);
    expect(maySeedStaff({ NODE_ENV: "development", DATABASE_URL: "postgres://db/x" })).toBe(false);
    expect(maySeedStaff({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x", ALLOW_SEED: true })).toBe(false);
    expect(maySeedStaff({ NODE_ENV: "production", ALLOW_SEED: false })).toBe(false);
  });

  test("are three admins and a moderator, made once however often the seed runs", { timeout: 60_000 }, async () => {
    expect((await seedStaffAccounts({ db: handle.db, auth })).made).toHaveLength(4);
    expect((await seedStaffAccounts({ db: handle.db, auth })).made).toHaveLength(0);
    const made = await handle.db.select().from(users).where(inArray(users.email, emails));
    expect(made).toHaveLength(4);
    const byEmail = Object.fromEntries(made.map((u) => [u.email, u.id]));
    expect((await findStaffAccess(handle.db, byEmail["admin@example.com"])).roles).toEqual(["admin"]);
    expect((await findStaffAccess(handle.db, byEmail["support@example.com"])).roles).toEqual(["admin"]);
    expect((await findStaffAccess(handle.db, byEmail["moderator@example.com"])).roles).toEqual(["moderator"]);
    expect((await findStaffAccess(handle.db, byEmail["ops@example.com"])).roles).toEqual(["admin"]);
    expect(
      await handle.db.select().from(userRoles).where(eq(userRoles.userId, byEmail["admin@example.com"])),
    ).toHaveLength(1);
  });

  test("random passwords follow the password rules and are not read wrongly off a console", () => {
    for (let i = 0; i < 200; i++) {
      const password = randomStaffPassword();
      expect(password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).not.toMatch(/[01OIl]/);
    }
  });
});
