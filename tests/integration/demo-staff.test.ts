import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { isAppError } from "#core/shared/app-error.ts";
import { randomStaffPassword } from "#core/seed/seed-staff-accounts.ts";
import { NOT_STAFF, setStaffPassword } from "#core/staff/set-staff-password.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { twoFactors, users } from "#db/schema/auth.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { SEED_PASSWORD } from "#db/seed/seed-data.ts";
import { SEED_STAFF } from "#db/seed/seed-staff.ts";
import { prepareDemoStaff } from "#server/demo-staff.ts";
import { parseEnv } from "#server/env.ts";
import { MEMBER_PASSWORD, sameOrigin, signUpMember } from "../support/api-factories";
import { createPageHandler } from "../support/page-build";
import { cookiesFrom, createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

// Attack turn 3, F1 and F2 (decision 066): on the embedded demo (`npm start`), nothing a visitor can reach makes
// anyone staff, demo staff never have the published password, and the seed never makes someone else's account staff.

const STAFF_EMAILS = SEED_STAFF.map((s) => s.email);
// Rendered whole before the page handler returns (onAllReady), so the test build's CSS stub warning is filtered.
const WHOLE_PAGE = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };

/** A fresh demo site (its own database), in production as `npm start` runs it, with its pages. */
async function demoSite(env: Record<string, string> = {}) {
  const handle = await createTestDatabase();
  const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" });
  const testApp = createTestApp(handle, { production: true, pageHandler, authAddressLimit: 10_000, env });
  const printed: string[] = [];
  /** The server starting on this data directory: what it prints to its console. */
  const boot = async () => {
    await prepareDemoStaff({ db: handle.db, auth: testApp.auth, env: testApp.env }, (text) => printed.push(text));
    return printed.at(-1) ?? "";
  };
  const signIn = (email: string, password: string) => testApp.post("/api/v1/auth/sign-in", { email, password });
  const rolesOf = (email: string) =>
    handle.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.email, email));
  return { handle, testApp, boot, printed, signIn, rolesOf };
}

const sites: { handle: { close: () => Promise<void> } }[] = [];
afterAll(async () => {
  for (const site of sites) await site.handle.close();
});
async function newSite(env?: Record<string, string>) {
  const site = await demoSite(env);
  sites.push(site);
  return site;
}

/** The password the console showed for this account (a row: e-mail, role, password). */
function passwordFor(console: string, email: string) {
  const row = console.split("\n").find((line) => line.trim().startsWith(email));
  return row?.trim().split(/\s+/)[2];
}

describe("F1: the demo's staff accounts", () => {
  test("an anonymous visitor seeding the demo makes nobody staff, and no staff account signs in with the published password", {
    timeout: 300_000,
  }, async () => {
    const site = await newSite();
    const seeded = await site.testApp.app.request("/seed", {
      method: "POST",
      headers: { ...sameOrigin(), ...WHOLE_PAGE, "content-type": "application/x-www-form-urlencoded" },
      body: "step=users",
    });
    expect(seeded.status).toBe(200);
    expect(await site.handle.db.select().from(userRoles)).toEqual([]);
    for (const email of STAFF_EMAILS) expect((await site.signIn(email, SEED_PASSWORD)).status, email).toBe(401);
  });

  test("are made when the server starts, each with its own random password shown once in its console", {
    timeout: 60_000,
  }, async () => {
    const site = await newSite();
    const console = await site.boot();
    const passwords = STAFF_EMAILS.map((email) => passwordFor(console, email));
    expect(
      passwords.every((p) => p && /^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/.test(p)),
      console,
    ).toBe(true);
    expect(new Set(passwords).size).toBe(STAFF_EMAILS.length);
    expect(passwords).not.toContain(SEED_PASSWORD);
    for (const [i, email] of STAFF_EMAILS.entries()) {
      expect((await site.signIn(email, passwords[i] as string)).status, email).toBe(200);
      expect((await site.signIn(email, SEED_PASSWORD)).status, email).toBe(401);
      expect((await site.rolesOf(email)).map((r) => r.role)).toEqual([SEED_STAFF[i].role]);
    }
    // The next start makes nobody and shows nothing: the passwords were shown once.
    const printedBefore = site.printed.length;
    await site.boot();
    expect(site.printed).toHaveLength(printedBefore);
    // The seed page names the accounts and says how their passwords are found, never a password.
    const page = await (await site.testApp.app.request("/seed", { headers: WHOLE_PAGE })).text();
    expect(page).toContain("admin@example.com");
    expect(page).toContain("shown once in the server&#x27;s console");
    expect(page).toContain("npm run staff -- password EMAIL");
    for (const password of passwords) expect(page).not.toContain(password);
  });

  test("with DEMO_STAFF_PASSWORD they get that password, and the console does not repeat it", {
    timeout: 60_000,
  }, async () => {
    const site = await newSite({ DEMO_STAFF_PASSWORD: "Known-Staff-Pass-7" });
    const console = await site.boot();
    expect(console).not.toContain("Known-Staff-Pass-7");
    expect(console).toContain("(DEMO_STAFF_PASSWORD)");
    expect((await site.signIn("ops@example.com", "Known-Staff-Pass-7")).status).toBe(200);
  });

  test("DEMO_STAFF_PASSWORD must follow the password rules", () => {
    expect(() => parseEnv({ DATABASE_URL: "memory://", DEMO_STAFF_PASSWORD: "short" })).toThrow(
      /DEMO_STAFF_PASSWORD: Password must be at least 8 characters/,
    );
  });

  test("an account the old demo made with the published password is taken back: new password, its sessions, authenticator and roles' access gone", {
    timeout: 60_000,
  }, async () => {
    const site = await newSite();
    const { db } = site.handle;
    // The demo before this fix: /seed made admin@example.com with the published password; an attacker signed in
    // and set up their own authenticator.
    await site.testApp.auth.api.signUpEmail({
      body: { email: "admin@example.com", password: SEED_PASSWORD, name: "Avery Admin" },
    });
    const [old] = await db.select().from(users).where(eq(users.email, "admin@example.com"));
    await grantStaffRole(db, { userId: old.id, role: "admin", by: { actorId: null, via: "seed" } });
    const attacker = cookiesFrom(await site.signIn("admin@example.com", SEED_PASSWORD));
    await db
      .insert(twoFactors)
      .values({ id: "attacker-totp", secret: "x", backupCodes: "x", userId: old.id, verified: true });
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, old.id));

    const console = await site.boot();
    const password = passwordFor(console, "admin@example.com") as string;
    expect(console).toContain("published password");
    expect((await site.signIn("admin@example.com", SEED_PASSWORD)).status).toBe(401);
    expect((await site.testApp.app.request("/api/v1/me", { headers: { cookie: attacker } })).status).toBe(401);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, old.id))).toEqual([]);
    // The owner signs in with the new password and sets up their own authenticator at /admin.
    expect((await site.signIn("admin@example.com", password)).status).toBe(200);
    expect((await site.rolesOf("admin@example.com")).map((r) => r.role)).toEqual(["admin"]);
  });
});

describe("F2: the seed never makes someone else's account staff", () => {
  test("a member who registered admin@example.com first keeps a member's account, and their own password", {
    timeout: 300_000,
  }, async () => {
    const site = await newSite();
    const owner = await signUpMember(site.testApp, { email: "admin@example.com", name: "Alex Early" });
    const seeded = await site.testApp.app.request("/seed", {
      method: "POST",
      headers: { ...sameOrigin(), ...WHOLE_PAGE, "content-type": "application/x-www-form-urlencoded" },
      body: "step=users",
    });
    expect(seeded.status).toBe(200);
    const console = await site.boot();
    expect(await site.rolesOf("admin@example.com")).toEqual([]);
    expect(passwordFor(console, "admin@example.com")).toBeUndefined();
    expect((await site.signIn("admin@example.com", MEMBER_PASSWORD)).status).toBe(200);
    // The other demo staff accounts were made as usual.
    expect((await site.rolesOf("support@example.com")).map((r) => r.role)).toEqual(["admin"]);
    // Later starts leave it alone too, and the accounts the seed made keep their roles.
    await site.boot();
    expect(await site.rolesOf("admin@example.com")).toEqual([]);
    const [member] = await site.handle.db.select().from(users).where(eq(users.id, owner.userId));
    expect(member.email).toBe("admin@example.com");
  });

  test("a demo staff account deleted and registered again by someone else is not made staff", {
    timeout: 60_000,
  }, async () => {
    const site = await newSite();
    await site.boot();
    await site.handle.db.delete(users).where(eq(users.email, "moderator@example.com"));
    await signUpMember(site.testApp, { email: "moderator@example.com", name: "Morgan Again" });
    await site.boot();
    expect(await site.rolesOf("moderator@example.com")).toEqual([]);
  });
});

describe("the staff command sets a staff member's password", () => {
  test("the new password works, the old one does not, their sessions end; a member without a role is refused", {
    timeout: 60_000,
  }, async () => {
    const site = await newSite({ DEMO_STAFF_PASSWORD: "Known-Staff-Pass-7" });
    await site.boot();
    const { db } = site.handle;
    const [ops] = await db.select().from(users).where(eq(users.email, "ops@example.com"));
    const session = cookiesFrom(await site.signIn("ops@example.com", "Known-Staff-Pass-7"));
    const fresh = randomStaffPassword();
    const { sessionsEnded } = await setStaffPassword(db, {
      userId: ops.id,
      password: fresh,
      by: { actorId: null, via: "cli" },
    });
    expect(sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await site.testApp.app.request("/api/v1/me", { headers: { cookie: session } })).status).toBe(401);
    expect((await site.signIn("ops@example.com", "Known-Staff-Pass-7")).status).toBe(401);
    expect((await site.signIn("ops@example.com", fresh)).status).toBe(200);

    const member = await signUpMember(site.testApp);
    const refused = await setStaffPassword(db, {
      userId: member.userId,
      password: fresh,
      by: { actorId: null, via: "cli" },
    }).catch((e) => e);
    expect(isAppError(refused) && refused.message).toBe(NOT_STAFF);
    expect((await site.signIn(member.email, MEMBER_PASSWORD)).status).toBe(200);
    const rows = await db.select().from(users).where(inArray(users.email, STAFF_EMAILS));
    expect(rows).toHaveLength(4);
  });
});
