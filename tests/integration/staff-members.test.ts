import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { collectMemberData } from "#core/accounts/collect-member-data.ts";
import { exportMemberDataAsStaff } from "#core/accounts/export-member-data.ts";
import { findMemberForStaff } from "#core/accounts/find-member-for-staff.ts";
import { findMembers } from "#core/accounts/find-members.ts";
import { ALREADY_SUSPENDED, NOT_ON_YOURSELF } from "#core/accounts/member-guards.ts";
import { REASON_REQUIRED } from "#core/shared/reason.ts";
import { reactivateMember } from "#core/accounts/reactivate-member.ts";
import { setModeratorRole } from "#core/accounts/set-moderator-role.ts";
import { softDeleteMember } from "#core/accounts/soft-delete-member.ts";
import { suspendMember } from "#core/accounts/suspend-member.ts";
import type { StaffActor } from "#core/staff/pass-staff-gate.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { sessions } from "#db/schema/auth.ts";
import { profiles, userRoles } from "#db/schema/profiles.ts";
import { MEMBER_PASSWORD, postListing, signUpMember } from "../support/api-factories";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const testApp = createTestApp(handle, { authAddressLimit: 1000 });
const now = new Date();

const staff = await signUpMember(testApp, { name: "Avery Admin" });
const admin: StaffActor = {
  userId: staff.userId,
  name: "Avery Admin",
  email: staff.email,
  roles: ["admin"],
  ip: "203.0.113.5",
  userAgent: "vitest",
};
const auditOf = (userId: string, action: string) =>
  db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetId, userId), eq(adminAuditLog.action, action)));
const profileOf = async (userId: string) => (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
const sessionCount = async (userId: string) =>
  (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const publicListing = async (id: string) => (await testApp.app.request(`/api/v1/listings/${id}`)).status;
const signIn = (email: string) => testApp.post("/api/v1/auth/sign-in", { email, password: MEMBER_PASSWORD });

describe("suspending and reactivating a member", () => {
  test("suspension signs them out everywhere, hides their listings and refuses their sign-in; one audit row", async () => {
    const member = await signUpMember(testApp, { name: "Kim Lee" });
    const listingId = await postListing(testApp, member.cookie);
    expect(await publicListing(listingId)).toBe(200);
    await suspendMember(db, { actor: admin, userId: member.userId, reason: "Repeated no-shows", now });
    expect(await profileOf(member.userId)).toMatchObject({
      status: "suspended",
      suspensionReason: "Repeated no-shows",
    });
    expect(await sessionCount(member.userId)).toBe(0);
    expect(await publicListing(listingId)).toBe(404);
    const refused = await signIn(member.email);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("Your account has been suspended. Please contact support.");
    const [row] = await auditOf(member.userId, "suspend_user");
    expect(row).toMatchObject({ adminId: admin.userId, targetType: "user", ip: "203.0.113.5", userAgent: "vitest" });
    expect(row.metadata).toMatchObject({
      reason: "Repeated no-shows",
      before: { status: "active" },
      after: { status: "suspended" },
    });

    await reactivateMember(db, { actor: admin, userId: member.userId, now });
    expect(await profileOf(member.userId)).toMatchObject({
      status: "active",
      suspendedAt: null,
      suspensionReason: null,
    });
    expect(await publicListing(listingId)).toBe(200);
    expect((await signIn(member.email)).status).toBe(200);
    expect(await auditOf(member.userId, "reactivate_user")).toHaveLength(1);
  });

  test("a refused suspension changes nothing and writes no audit row", async () => {
    const member = await signUpMember(testApp);
    for (const reason of ["", "   ", undefined]) {
      await expect(suspendMember(db, { actor: admin, userId: member.userId, reason, now })).rejects.toThrow(
        REASON_REQUIRED,
      );
    }
    await expect(suspendMember(db, { actor: admin, userId: admin.userId, reason: "x", now })).rejects.toThrow(
      NOT_ON_YOURSELF,
    );
    await suspendMember(db, { actor: admin, userId: member.userId, reason: "Spam", now });
    await expect(suspendMember(db, { actor: admin, userId: member.userId, reason: "Again", now })).rejects.toThrow(
      ALREADY_SUSPENDED,
    );
    expect(await auditOf(member.userId, "suspend_user")).toHaveLength(1);
    expect((await profileOf(member.userId)).suspensionReason).toBe("Spam");
  });
});

describe("deleting a member", () => {
  test("hides them at once, signs them out and schedules the purge 30 days on", async () => {
    const member = await signUpMember(testApp);
    const listingId = await postListing(testApp, member.cookie);
    const { permanentDeletionAt } = await softDeleteMember(db, {
      actor: admin,
      userId: member.userId,
      reason: "Asked to leave",
      now,
    });
    expect(permanentDeletionAt.getTime() - now.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await profileOf(member.userId)).toMatchObject({ status: "suspended", deletionReason: "Asked to leave" });
    expect(await sessionCount(member.userId)).toBe(0);
    expect(await publicListing(listingId)).toBe(404);
    expect(await findMemberForStaff(db, { userId: member.userId })).toBeNull();
    expect((await findMembers(db, { q: member.email })).members).toHaveLength(0);
    expect(await auditOf(member.userId, "delete_user")).toHaveLength(1);
  });
});

describe("the users list", () => {
  test("searches by name or e-mail, filters by status and role, and pages newest first without gaps", async () => {
    const tag = `Pager ${String.fromCharCode(65 + (Date.now() % 26))}${String.fromCharCode(65 + ((Date.now() >> 5) % 26))}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await signUpMember(testApp, { name: `${tag} Person ${"ABCDE"[i]}` })).userId);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await findMembers(db, { q: tag, cursor }, 2);
      seen.push(...page.members.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual([...made].sort());
    await db.insert(userRoles).values({ userId: made[0], role: "moderator" });
    expect((await findMembers(db, { q: tag, role: "moderator" })).members.map((m) => m.id)).toEqual([made[0]]);
    expect((await findMembers(db, { q: tag, role: "member" })).members).toHaveLength(4);
    expect(
      (await findMembers(db, { q: "%" })).members.every((m) => m.name.includes("%") || m.email.includes("%")),
    ).toBe(true);
  });
});

describe("roles from the Users page", () => {
  test("an admin makes a member a moderator and takes it back, which signs them out", async () => {
    const member = await signUpMember(testApp);
    await setModeratorRole(db, { actor: admin, userId: member.userId, moderator: true });
    expect((await findMemberForStaff(db, { userId: member.userId }))?.roles).toEqual(["moderator"]);
    await setModeratorRole(db, { actor: admin, userId: member.userId, moderator: false });
    expect((await findMemberForStaff(db, { userId: member.userId }))?.roles).toEqual([]);
    expect(await sessionCount(member.userId)).toBe(0);
    expect(await auditOf(member.userId, "update_user_role")).toHaveLength(2);
  });
});

describe("exporting a member's data", () => {
  test("gives their profile, listings, swaps, payments, reviews and favourites, with the time, and no secrets (nor their conversations)", async () => {
    const member = await signUpMember(testApp, { name: "Jo Export" });
    await postListing(testApp, member.cookie);
    const document = await exportMemberDataAsStaff(db, { actor: admin, userId: member.userId, now });
    expect(document.exportedAt).toBe(now.toISOString());
    expect(document.profile).toMatchObject({ id: member.userId, fullName: "Jo Export", email: member.email });
    expect(document.listings).toHaveLength(1);
    expect(Object.keys(document)).toEqual([
      "exportedAt",
      "profile",
      "listings",
      "swaps",
      "swapMeetings",
      "swapCircles",
      "payments",
      "credit",
      "reviews",
      "favourites",
      "savedSearches",
      "textMessages",
    ]);
    expect(JSON.stringify(document)).not.toMatch(/password|secret|token/i);
    expect(await auditOf(member.userId, "export_user_data")).toHaveLength(1);
    expect(await collectMemberData(db, { userId: member.userId, now })).toEqual(document);
  });
});
