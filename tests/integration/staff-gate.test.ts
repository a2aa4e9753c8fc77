import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import { checkAdminRateLimit } from "#core/staff/check-admin-rate-limit.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { ACCESS_DENIED, NO_PERMISSION, passStaffGate } from "#core/staff/pass-staff-gate.ts";
import { isAppError } from "#core/shared/app-error.ts";
import type { Clock } from "#core/shared/clock.ts";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import { signIn } from "#core/auth/sign-in.ts";
import {
  confirmTwoFactorEnrolment,
  INCORRECT_PASSWORD,
  startTwoFactorEnrolment,
  WRONG_ENROLMENT_CODE,
} from "#core/auth/two-factor-enrolment.ts";
import {
  INVALID_BACKUP_CODE,
  INVALID_TWO_FACTOR_CODE,
  verifyTwoFactorSignIn,
} from "#core/auth/verify-two-factor-sign-in.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { featureFlags } from "#db/schema/flags.ts";
import { confirmAddress } from "../support/factories";
import { MEMBER_PASSWORD, signUpConfirmedMember, signUpMember } from "../support/api-factories";
import { cookiesFrom, createTestApp } from "../support/test-app";
import { databaseForThisFile } from "../support/database-for-file";
import { unusedTotpCode } from "../support/totp";
import { turnOnTwoFactor } from "../support/two-factor";

const { handle, db } = await databaseForThisFile();

let current = new Date("2030-05-01T00:00:00.000Z");
const clock: Clock = { now: () => current };
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const { auth } = testApp;
const cli = { actorId: null, via: "cli" as const };
const noAllowlist = parseIpAllowlist("");

const meta = (cookie = "", ip = "203.0.113.10") => ({
  ip,
  userAgent: "vitest",
  headers: new Headers(cookie ? { cookie } : {}),
});
const deps = { db, clock, auth, authAddressLimit: 1000 };
const userOf = (cookie: string) => findSessionUser({ db, auth }, new Headers({ cookie }));
const deniedEvents = (userId: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, "admin_access_denied")));

/** A member made staff, with TOTP enrolled through the real flow; returns the key their app holds. */
async function enrolledStaff(role: "admin" | "moderator") {
  const member = await signUpConfirmedMember(testApp, db, { name: "Sam Staff" });
  await grantStaffRole(db, { userId: member.userId, role, by: cli });
  return turnOnTwoFactor(deps, member, meta);
}

describe("two-factor enrolment", () => {
  test("asks for the password, shows a QR code and the key, and is on only once a code confirms it", async () => {
    const member = await signUpMember(testApp);
    await confirmAddress(db, member.userId);
    await expect(startTwoFactorEnrolment(deps, { password: "Wrongpass1" }, meta(member.cookie))).rejects.toMatchObject({
      status: 400,
      message: INCORRECT_PASSWORD,
    });
    const started = await startTwoFactorEnrolment(deps, { password: MEMBER_PASSWORD }, meta(member.cookie));
    expect(started.qrSvg).toMatch(/^<svg/);
    expect(started.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const enabled = async () => (await db.select().from(users).where(eq(users.id, member.userId)))[0].twoFactorEnabled;
    expect(await enabled()).toBe(false);

    const wrong = confirmTwoFactorEnrolment(deps, { userId: member.userId, code: "000000" }, meta(member.cookie));
    await expect(wrong).rejects.toMatchObject({ status: 400, message: WRONG_ENROLMENT_CODE });
    expect(await enabled()).toBe(false);

    const confirmed = await confirmTwoFactorEnrolment(
      deps,
      { userId: member.userId, code: await unusedTotpCode(started.secret) },
      meta(member.cookie),
    );
    expect(confirmed.backupCodes).toHaveLength(10);
    expect(await enabled()).toBe(true);
    expect(await userOf(cookiesFrom(new Response(null, { headers: confirmed.headers })))).toMatchObject({
      id: member.userId,
    });
  });
});

describe("signing in with two-factor on", () => {
  test("the password alone gives no session; the right code from the app does", async () => {
    const staff = await enrolledStaff("admin");
    const first = await signIn(deps, { email: staff.email, password: MEMBER_PASSWORD }, meta());
    if (first.kind !== "second-step") throw new Error("expected the second step");
    const pending = cookiesFrom(new Response(null, { headers: first.headers }));
    expect(await userOf(pending)).toBeNull();

    await expect(verifyTwoFactorSignIn(deps, { code: "123456", kind: "totp" }, meta(pending))).rejects.toMatchObject({
      message: INVALID_TWO_FACTOR_CODE,
    });
    const second = await verifyTwoFactorSignIn(
      deps,
      { code: await unusedTotpCode(staff.secret), kind: "totp" },
      meta(pending),
    );
    if (second.kind !== "signed-in") throw new Error("expected a session");
    expect(await userOf(cookiesFrom(new Response(null, { headers: second.headers })))).toMatchObject({
      id: staff.userId,
    });
  });

  test("a backup code works once", async () => {
    const staff = await enrolledStaff("moderator");
    const tryBackup = async () => {
      const first = await signIn(deps, { email: staff.email, password: MEMBER_PASSWORD }, meta());
      if (first.kind !== "second-step") throw new Error("expected the second step");
      const pending = cookiesFrom(new Response(null, { headers: first.headers }));
      return verifyTwoFactorSignIn(deps, { code: staff.backupCodes[0], kind: "backup" }, meta(pending));
    };
    expect(await tryBackup()).toMatchObject({ kind: "signed-in" });
    await expect(tryBackup()).rejects.toMatchObject({ message: INVALID_BACKUP_CODE });
  });
});

describe("the staff gate", () => {
  const gate = async (cookie: string, action: Parameters<typeof passStaffGate>[1]["action"], ip?: string) =>
    passStaffGate(
      { db, allowlist: parseIpAllowlist("198.51.100.0/24") },
      { user: await userOf(cookie), action, meta: meta(cookie, ip), path: "/admin" },
    );

  test("a visitor is asked to sign in", async () => {
    expect(
      await passStaffGate(
        { db, allowlist: noAllowlist },
        { user: null, action: "view_dashboard", meta: meta(), path: "/admin" },
      ),
    ).toEqual({
      kind: "sign_in",
    });
  });

  test("a member is refused and the refusal is logged", async () => {
    const member = await signUpMember(testApp);
    expect(await gate(member.cookie, "view_dashboard")).toEqual({ kind: "denied", message: NO_PERMISSION });
    expect(await deniedEvents(member.userId)).toHaveLength(1);
  });

  test("staff without a verified factor are led to enrol", async () => {
    const member = await signUpMember(testApp);
    await grantStaffRole(db, { userId: member.userId, role: "admin", by: cli });
    expect((await gate(member.cookie, "view_dashboard")).kind).toBe("two_factor_required");
  });

  test("a moderator may take a listing down but not suspend anyone", async () => {
    const moderator = await enrolledStaff("moderator");
    expect((await gate(moderator.cookie, "takedown_listing")).kind).toBe("allowed");
    // Refused, but told apart from outsiders: staff stay in the back office (decision 070).
    expect(await gate(moderator.cookie, "suspend_user")).toMatchObject({
      kind: "staff_refused",
      message: NO_PERMISSION,
      actor: { userId: moderator.userId },
    });
  });

  test("with the allowlist on, staff elsewhere are refused; inside it they pass", async () => {
    const admin = await enrolledStaff("admin");
    await db
      .insert(featureFlags)
      .values({ key: "enable_ip_allowlist", enabled: true })
      .onConflictDoUpdate({ target: featureFlags.key, set: { enabled: true } });
    try {
      expect(await gate(admin.cookie, "view_dashboard", "203.0.113.10")).toEqual({
        kind: "denied",
        message: ACCESS_DENIED,
      });
      expect((await gate(admin.cookie, "view_dashboard", "198.51.100.7")).kind).toBe("allowed");
    } finally {
      await db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.key, "enable_ip_allowlist"));
    }
  });
});

describe("the admin rate limit", () => {
  const attempt = (actorId: string, action: string) =>
    checkAdminRateLimit({ db, clock }, { actorId, action, ip: "203.0.113.10" });

  test("10 attempts per minute per staff member and action; the 11th is refused with the Sydney time, and logged", async () => {
    current = new Date("2030-05-01T03:00:00.000Z"); // 1:00:00 pm in Sydney
    const actorId = (await signUpMember(testApp)).userId;
    const warnings: (string | null)[] = [];
    for (let i = 0; i < 10; i++) warnings.push((await attempt(actorId, "suspend_user")).warning);
    expect(warnings.slice(0, 7)).toEqual(Array(7).fill(null));
    expect(warnings.slice(7)).toEqual(["2 requests remaining", "1 request remaining", "0 requests remaining"]);
    const refused = await attempt(actorId, "suspend_user").catch((e: unknown) => e);
    expect(isAppError(refused) && refused.status).toBe(429);
    expect((refused as Error).message).toBe("Rate limit exceeded. Try again at 1:01:00 pm");
    const logged = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, actorId), eq(securityEvents.eventType, "rate_limited")));
    expect(logged).toHaveLength(1);
    // Another action has its own count; reading pages is never counted.
    expect((await attempt(actorId, "approve_listing")).warning).toBeNull();
    for (let i = 0; i < 20; i++) await attempt(actorId, "view_users");
  });
});
