import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { type AppContext, appContext } from "#app/context.ts";
import * as securityPage from "#app/routes/account/security.tsx";
import * as signOutRoute from "#app/routes/auth.sign-out.tsx";
import { changePassword, PASSWORD_UPDATED } from "#core/auth/change-password.ts";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import { findSessions } from "#core/auth/find-sessions.ts";
import { reauthenticate, WRONG_PASSWORD } from "#core/auth/reauthentication.ts";
import { regenerateBackupCodes } from "#core/auth/regenerate-backup-codes.ts";
import { revokeSession, SESSION_NOT_FOUND } from "#core/auth/revoke-session.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { ENTER_CODE_OR_BACKUP, STAFF_KEEP_TWO_FACTOR, turnOffTwoFactor } from "#core/auth/turn-off-two-factor.ts";
import { ALREADY_ON, beginTwoFactorSetup, finishTwoFactorSetup } from "#core/auth/turn-on-two-factor.ts";
import { INCORRECT_PASSWORD, WRONG_ENROLMENT_CODE } from "#core/auth/two-factor-enrolment.ts";
import {
  INVALID_BACKUP_CODE,
  INVALID_TWO_FACTOR_CODE,
  verifyTwoFactorSignIn,
} from "#core/auth/verify-two-factor-sign-in.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { sessions, twoFactors, users } from "#db/schema/auth.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { MEMBER_PASSWORD, signUpConfirmedMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { cookiesFrom, TEST_ORIGIN } from "../support/test-app";
import { totpCode, unusedTotpCode } from "../support/totp";
import { turnOnTwoFactor } from "../support/two-factor";

// Each authenticator code works once (decision 067): a test that types several waits for the app's next code
// (up to 30 s), as a person would.
vi.setConfig({ testTimeout: 120_000 });

const { db, clock, testApp, auth, cookieOf } = await authTestSetup();
const deps = { db, auth, clock };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const meta = (cookie = "", userAgent = FIREFOX) => ({
  ip: "203.0.113.20",
  userAgent,
  headers: new Headers(cookie ? { cookie } : {}),
});
const NEW_PASSWORD = "Fresh-Start9";

const apiSignIn = async (email: string, password = MEMBER_PASSWORD, userAgent = FIREFOX) =>
  testApp.post("/api/v1/auth/sign-in", { email, password }, { "user-agent": userAgent });
/** A second device of the same member: a fresh session cookie. */
const anotherDevice = async (email: string, userAgent = FIREFOX) =>
  cookiesFrom(await apiSignIn(email, MEMBER_PASSWORD, userAgent));
const isSignedIn = async (cookie: string) =>
  (await testApp.app.request("/api/v1/me", { headers: { cookie } })).status === 200;
const sessionCount = async (userId: string) =>
  Number((await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0].n);
const twoFactorOn = async (userId: string) =>
  (await db.select().from(users).where(eq(users.id, userId)))[0].twoFactorEnabled === true;
const events = (userId: string, eventType: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, eventType)));
const notices = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "security_notice")));

/** A member who confirmed their address (two-step sign-in and passkeys wait for that: decision 067). */
const confirmedMember = () => signUpConfirmedMember(testApp, db);

/** A member with two-step sign-in turned on from My Account: the key their app holds, the backup codes, a fresh cookie. */
async function memberWithTwoFactor() {
  return turnOnTwoFactor(deps, await confirmedMember(), meta, { through: "my-account" });
}

/** Password, then the second step with a code from the app or a backup code: the outcome of the second step. */
async function signInWithSecondStep(email: string, code: string, kind: "totp" | "backup") {
  const first = await signIn({ ...deps, authAddressLimit: 1000 }, { email, password: MEMBER_PASSWORD }, meta());
  if (first.kind !== "second-step") throw new Error("expected the second step");
  return verifyTwoFactorSignIn({ ...deps, authAddressLimit: 1000 }, { code, kind }, meta(cookieOf(first.headers)));
}

/** Runs a page's action as the browser behind `cookie` would (the form posted from /account/security). */
async function postPage(
  module: { action: (args: never) => Promise<unknown> },
  cookie: string,
  form: Record<string, string>,
  path = "/account/security",
) {
  const headers = new Headers({ cookie, referer: `${TEST_ORIGIN}${path}` });
  const ctx: Omit<AppContext, "paymentProvider"> = {
    db: db as AppContext["db"],
    auth,
    env: testApp.env,
    clock,
    storage: testApp.storage,
    authAddressLimit: 1000,
    staffAllowlist: parseIpAllowlist(""),
    nonce: "test",
    requestId: crypto.randomUUID(),
    meta: { ip: "203.0.113.20", userAgent: FIREFOX, headers },
    getUser: () => findSessionUser({ db, auth }, headers),
  };
  const context = new RouterContextProvider();
  context.set(appContext, ctx as AppContext);
  const request = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
  try {
    const answer = await module.action({ request, params: {}, context } as never);
    if (answer instanceof Response)
      return { status: answer.status, location: answer.headers.get("location"), response: answer };
    const result = answer as { init?: { status?: number } };
    return { status: result.init?.status ?? 200, location: null, response: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("location"), response: thrown };
  }
}

describe("changing the password", () => {
  test("a wrong current password is refused and nothing changes", async () => {
    const member = await confirmedMember();
    const laptop = await anotherDevice(member.email);
    const before = await sessionCount(member.userId);
    const result = changePassword(
      deps,
      { userId: member.userId, currentPassword: "Wrongpass1", newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD },
      meta(member.cookie),
    );
    await expect(result).rejects.toMatchObject({
      status: 400,
      message: WRONG_PASSWORD,
      details: { field: "currentPassword" },
    });
    expect(WRONG_PASSWORD).toBe("Incorrect password");
    expect(await sessionCount(member.userId)).toBe(before);
    expect(await isSignedIn(laptop)).toBe(true);
    expect((await apiSignIn(member.email)).status).toBe(200);
    expect((await apiSignIn(member.email, NEW_PASSWORD)).status).toBe(401);
    expect(await notices(member.email)).toHaveLength(0);
    expect(await events(member.userId, "password_changed")).toMatchObject([{ success: false }]);
  });

  test("the new password must follow the rules and be typed twice the same", async () => {
    const member = await confirmedMember();
    const attempt = (newPassword: string, confirm = newPassword) =>
      changePassword(
        deps,
        { userId: member.userId, currentPassword: MEMBER_PASSWORD, newPassword, confirm },
        meta(member.cookie),
      );
    await expect(attempt("Short1")).rejects.toMatchObject({
      status: 400,
      message: "Password must be at least 8 characters",
      details: { field: "newPassword" },
    });
    await expect(attempt("nouppercase1")).rejects.toMatchObject({
      status: 400,
      message: "Password must contain at least one uppercase letter",
    });
    await expect(attempt("NOLOWERCASE1")).rejects.toMatchObject({
      status: 400,
      message: "Password must contain at least one lowercase letter",
    });
    await expect(attempt("NoNumbersHere")).rejects.toMatchObject({
      status: 400,
      message: "Password must contain at least one number",
    });
    await expect(attempt(`A1${"a".repeat(71)}`)).rejects.toMatchObject({ status: 400, message: "Password too long" });
    await expect(attempt(NEW_PASSWORD, "Fresh-Start8")).rejects.toMatchObject({
      status: 400,
      message: "The passwords don't match",
      details: { field: "confirm" },
    });
    expect((await apiSignIn(member.email)).status).toBe(200);
  });

  test("the right current password changes it: other devices are signed out, this one stays, and the member is told", async () => {
    const member = await confirmedMember();
    const phone = await anotherDevice(member.email);
    const result = await changePassword(
      deps,
      { userId: member.userId, currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD },
      meta(member.cookie),
    );
    const here = cookieOf(result.headers);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await sessionCount(member.userId)).toBe(1);
    expect((await apiSignIn(member.email)).status).toBe(401);
    expect((await apiSignIn(member.email, NEW_PASSWORD)).status).toBe(200);
    expect(await events(member.userId, "password_changed")).toMatchObject([{ success: true }]);
    const [mail] = await notices(member.email);
    expect(mail.subject).toBe("Security notice: Your password was changed");
    expect(mail.textBody).toContain("Firefox on Linux");
  });

  test("the page keeps this device signed in with the new cookie and says so", async () => {
    const member = await confirmedMember();
    const answer = await postPage(securityPage, member.cookie, {
      intent: "change-password",
      currentPassword: MEMBER_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(answer).toMatchObject({ status: 302, location: "/account/security" });
    const cookie = cookiesFrom(answer.response as Response);
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(member.cookie)).toBe(false);
    expect(PASSWORD_UPDATED).toMatch(/signed out on your other devices/);
  });

  test("a sixth try within five minutes is refused with the wait", async () => {
    const member = await confirmedMember();
    for (let n = 0; n < 5; n++) {
      const wrong = changePassword(
        deps,
        { userId: member.userId, currentPassword: `Wrongpass${n}`, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD },
        meta(member.cookie),
      );
      await expect(wrong).rejects.toMatchObject({ status: 400 });
    }
    const limited = changePassword(
      deps,
      { userId: member.userId, currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD },
      meta(member.cookie),
    );
    await expect(limited).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    expect((await apiSignIn(member.email)).status).toBe(200);
  });
});

describe("two-step sign-in for members", () => {
  test("turning it on asks for the password, and it is on only once a code from the app confirms it", async () => {
    const member = await confirmedMember();
    await expect(
      beginTwoFactorSetup(deps, { userId: member.userId, password: "Wrongpass1" }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: INCORRECT_PASSWORD });
    const started = await beginTwoFactorSetup(
      deps,
      { userId: member.userId, password: MEMBER_PASSWORD },
      meta(member.cookie),
    );
    expect(started.qrSvg).toMatch(/^<svg/);
    expect(started.secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(
      finishTwoFactorSetup(deps, { userId: member.userId, code: "000000" }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: WRONG_ENROLMENT_CODE });
    expect(await twoFactorOn(member.userId)).toBe(false);
    const confirmed = await finishTwoFactorSetup(
      deps,
      { userId: member.userId, code: await unusedTotpCode(started.secret) },
      meta(member.cookie),
    );
    expect(confirmed.backupCodes).toHaveLength(10);
    expect(new Set(confirmed.backupCodes).size).toBe(10);
    expect(await twoFactorOn(member.userId)).toBe(true);
    expect(await events(member.userId, "two_factor_enrolled")).toHaveLength(1);
    expect((await notices(member.email)).map((m) => m.subject)).toEqual([
      "Security notice: Two-step sign-in was turned on for your account",
    ]);
    await expect(
      beginTwoFactorSetup(
        deps,
        { userId: member.userId, password: MEMBER_PASSWORD },
        meta(cookieOf(confirmed.headers)),
      ),
    ).rejects.toMatchObject({ status: 409, message: ALREADY_ON });
  });

  test("signing in then asks for a code from the app", async () => {
    const member = await memberWithTwoFactor();
    const first = await signIn(
      { ...deps, authAddressLimit: 1000 },
      { email: member.email, password: MEMBER_PASSWORD },
      meta(),
    );
    expect(first).toMatchObject({ kind: "second-step", headers: expect.anything() });
    const wrong = totpCode(member.secret) === "123456" ? "654321" : "123456";
    await expect(signInWithSecondStep(member.email, wrong, "totp")).rejects.toMatchObject({
      message: INVALID_TWO_FACTOR_CODE,
    });
    expect(await signInWithSecondStep(member.email, await unusedTotpCode(member.secret), "totp")).toMatchObject({
      kind: "signed-in",
    });
  });

  test("each backup code signs in once", async () => {
    const member = await memberWithTwoFactor();
    const withBackup = await signInWithSecondStep(member.email, member.backupCodes[0], "backup");
    if (withBackup.kind !== "signed-in") throw new Error("expected a session");
    expect(await isSignedIn(cookieOf(withBackup.headers))).toBe(true);
    await expect(signInWithSecondStep(member.email, member.backupCodes[0], "backup")).rejects.toMatchObject({
      message: INVALID_BACKUP_CODE,
    });
    expect(await signInWithSecondStep(member.email, member.backupCodes[1], "backup")).toMatchObject({
      kind: "signed-in",
    });
  });

  test("new backup codes replace the old ones at once", async () => {
    const member = await memberWithTwoFactor();
    await expect(
      regenerateBackupCodes(deps, { userId: member.userId, password: "Wrongpass1" }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: WRONG_PASSWORD, details: { field: "password" } });
    const result = await regenerateBackupCodes(
      deps,
      { userId: member.userId, password: MEMBER_PASSWORD },
      meta(member.cookie),
    );
    expect(result.backupCodes).toHaveLength(10);
    expect(result.backupCodes).not.toContain(member.backupCodes[0]);
    await expect(signInWithSecondStep(member.email, member.backupCodes[0], "backup")).rejects.toMatchObject({
      message: INVALID_BACKUP_CODE,
    });
    expect(await signInWithSecondStep(member.email, result.backupCodes[0], "backup")).toMatchObject({
      kind: "signed-in",
    });
    expect((await events(member.userId, "backup_codes_regenerated")).map((e) => e.success).sort()).toEqual([
      false,
      true,
    ]);
    expect((await notices(member.email)).map((m) => m.subject)).toContain(
      "Security notice: New backup codes were made for your account; the old ones no longer work",
    );
  });

  test("turning it off needs a current code: a wrong one changes nothing; the right one removes the factor", async () => {
    const member = await memberWithTwoFactor();
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: "12" }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: ENTER_CODE_OR_BACKUP, details: { field: "code" } });
    const wrong = totpCode(member.secret) === "000000" ? "111111" : "000000";
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: wrong }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: INVALID_TWO_FACTOR_CODE, details: { field: "code" } });
    expect(await twoFactorOn(member.userId)).toBe(true);
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: await unusedTotpCode(member.secret) }, meta(member.cookie)),
    ).resolves.toBeUndefined();
    expect(await twoFactorOn(member.userId)).toBe(false);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, member.userId))).toHaveLength(0);
    // The password alone signs in again.
    expect((await apiSignIn(member.email)).status).toBe(200);
    expect((await events(member.userId, "two_factor_disabled")).map((e) => e.success).sort()).toEqual([false, true]);
    expect((await notices(member.email)).map((m) => m.subject)).toContain(
      "Security notice: Two-step sign-in was turned off for your account",
    );
  });

  test("a backup code can turn it off too, once", async () => {
    const member = await memberWithTwoFactor();
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: "zzzzz-zzzzz" }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: INVALID_BACKUP_CODE });
    await expect(
      turnOffTwoFactor(
        deps,
        { userId: member.userId, code: member.backupCodes[3].replace("-", "") },
        meta(member.cookie),
      ),
    ).resolves.toBeUndefined();
    expect(await twoFactorOn(member.userId)).toBe(false);
  });

  test("staff cannot turn it off, and are told why", async () => {
    const member = await memberWithTwoFactor();
    await grantStaffRole(db, { userId: member.userId, role: "moderator", by: { actorId: null, via: "cli" } });
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: await unusedTotpCode(member.secret) }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 403, message: STAFF_KEEP_TWO_FACTOR, details: {} });
    expect(STAFF_KEEP_TWO_FACTOR).toBe("Staff accounts must keep two-step sign-in.");
    expect(await twoFactorOn(member.userId)).toBe(true);
    expect(
      await postPage(securityPage, member.cookie, { intent: "2fa-off", code: await unusedTotpCode(member.secret) }),
    ).toMatchObject({ status: 403 });
    expect(await twoFactorOn(member.userId)).toBe(true);
  });

  test("after 10 minutes the page asks the member to confirm it's them before turning it off", async () => {
    const member = await memberWithTwoFactor();
    // The session was made at the real time (Better Auth's own clock); the page's clock is moved 11 minutes past
    // it, not past whenever this file started (on a busy machine the tests before this one take minutes).
    clock.set(new Date());
    clock.advance(11 * 60 * 1000);
    try {
      const stale = await postPage(securityPage, member.cookie, {
        intent: "2fa-off",
        code: await unusedTotpCode(member.secret),
      });
      expect(stale).toMatchObject({
        status: 302,
        location: `/auth/reauthenticate?redirectTo=${encodeURIComponent("/account/security")}`,
      });
      expect(await twoFactorOn(member.userId)).toBe(true);
      const user = await findSessionUser({ db, auth }, new Headers({ cookie: member.cookie }));
      if (!user) throw new Error("signed out");
      await expect(
        reauthenticate(
          deps,
          { userId: member.userId, session: user.session, method: "totp", secret: await unusedTotpCode(member.secret) },
          meta(member.cookie),
        ),
      ).resolves.toBeUndefined();
      const fresh = await postPage(securityPage, member.cookie, {
        intent: "2fa-off",
        code: await unusedTotpCode(member.secret),
      });
      expect(fresh).toMatchObject({ status: 302, location: "/account/security" });
      expect(await twoFactorOn(member.userId)).toBe(false);
    } finally {
      clock.set(new Date());
    }
  });

  test("an eleventh change within five minutes is refused", async () => {
    const member = await memberWithTwoFactor();
    // Two tries were counted while turning it on.
    for (let n = 0; n < 8; n++)
      await expect(
        turnOffTwoFactor(deps, { userId: member.userId, code: "abcde-fghij" }, meta(member.cookie)),
      ).rejects.toMatchObject({ status: 400 });
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: await unusedTotpCode(member.secret) }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 429 });
    expect(await twoFactorOn(member.userId)).toBe(true);
  });
});

describe("sessions", () => {
  const CHROME_MAC =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

  test("the list shows this member's devices only, this one marked", async () => {
    const member = await confirmedMember();
    const other = await confirmedMember();
    await anotherDevice(member.email, CHROME_MAC);
    const user = await findSessionUser({ db, auth }, new Headers({ cookie: member.cookie }));
    if (!user) throw new Error("signed out");
    const list = await findSessions(db, { userId: member.userId, currentSessionId: user.session.id, now: clock.now() });
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: user.session.id, current: true });
    expect(list[1]).toMatchObject({ current: false, device: "Chrome on macOS", ipAddress: expect.any(String) });
    const foreign = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, other.userId));
    expect(list.map((s) => s.id)).not.toContain(foreign[0].id);
    expect(JSON.stringify(list)).not.toMatch(/token/i);
  });

  test("signing out one other device ends that session only; another member's session id is refused and changes nothing", async () => {
    const member = await confirmedMember();
    const stranger = await confirmedMember();
    const phone = await anotherDevice(member.email);
    const user = await findSessionUser({ db, auth }, new Headers({ cookie: member.cookie }));
    const phoneUser = await findSessionUser({ db, auth }, new Headers({ cookie: phone }));
    const strangerUser = await findSessionUser({ db, auth }, new Headers({ cookie: stranger.cookie }));
    if (!user || !phoneUser || !strangerUser) throw new Error("signed out");
    const revoke = (sessionId: string) =>
      revokeSession(deps, { userId: member.userId, currentSessionId: user.session.id, sessionId }, meta(member.cookie));

    await expect(revoke(strangerUser.session.id)).rejects.toMatchObject({ status: 404, message: SESSION_NOT_FOUND });
    expect(await isSignedIn(stranger.cookie)).toBe(true);
    await expect(revoke(user.session.id)).rejects.toMatchObject({ status: 404 });
    expect(await isSignedIn(member.cookie)).toBe(true);
    await expect(revoke(phoneUser.session.id)).resolves.toBeUndefined();
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(member.cookie)).toBe(true);
    await expect(revoke(phoneUser.session.id)).rejects.toMatchObject({ status: 404 });
    expect((await events(member.userId, "sessions_revoked")).map((e) => e.success).sort()).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  test("the API signs out this device (local), every other device (others), or everywhere (global, the default)", async () => {
    const member = await confirmedMember();
    const signOut = (cookie: string, body: unknown) => testApp.post("/api/v1/auth/sign-out", body, { cookie });

    const phone = await anotherDevice(member.email);
    const local = await signOut(phone, { scope: "local" });
    expect(local.status).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(member.cookie)).toBe(true);

    const tablet = await anotherDevice(member.email);
    const others = await signOut(member.cookie, { scope: "others" });
    expect(await others.json()).toEqual({ ok: true, scope: "others", signedIn: true });
    expect(await isSignedIn(tablet)).toBe(false);
    expect(await isSignedIn(member.cookie)).toBe(true);

    const laptop = await anotherDevice(member.email);
    const global = await signOut(member.cookie, {});
    expect(await global.json()).toEqual({ ok: true, scope: "global", signedIn: false });
    expect(global.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(member.cookie)).toBe(false);
    expect(await sessionCount(member.userId)).toBe(0);
    expect((await events(member.userId, "sessions_revoked")).map((e) => e.metadata.scope).sort()).toEqual([
      "global",
      "others",
    ]);

    expect((await signOut(laptop, { scope: "sideways" })).status).toBe(400);
  });

  test("signing out a session that is already gone is not an error: the device ends signed out", async () => {
    const member = await confirmedMember();
    for (const scope of ["local", "others", "global"]) {
      const device = await anotherDevice(member.email);
      await db.delete(sessions).where(eq(sessions.userId, member.userId));
      const res = await testApp.post("/api/v1/auth/sign-out", { scope }, { cookie: device });
      expect(res.status, scope).toBe(200);
      expect(await res.json(), scope).toMatchObject({ ok: true, signedIn: false });
      expect(
        res.headers.getSetCookie().some((c) => /session_token=;/.test(c)),
        scope,
      ).toBe(true);
    }
  });

  test("the header's Sign Out ends this device only", async () => {
    const member = await confirmedMember();
    const phone = await anotherDevice(member.email);
    const answer = await postPage(signOutRoute, phone, { scope: "local" }, "/");
    expect(answer).toMatchObject({ status: 302, location: "/auth" });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(member.cookie)).toBe(true);
  });

  test("signing out needs no recent sign-in", async () => {
    const member = await confirmedMember();
    const phone = await anotherDevice(member.email);
    clock.advance(60 * 60 * 1000);
    try {
      const res = await testApp.post("/api/v1/auth/sign-out", { scope: "others" }, { cookie: member.cookie });
      expect(await res.json()).toMatchObject({ signedIn: true });
      expect(await isSignedIn(phone)).toBe(false);
    } finally {
      clock.set(new Date());
    }
  });

  test("a script revoking session ids is stopped after twenty tries in five minutes", async () => {
    const member = await confirmedMember();
    const user = await findSessionUser({ db, auth }, new Headers({ cookie: member.cookie }));
    if (!user) throw new Error("signed out");
    for (let n = 0; n < 20; n++) {
      await expect(
        revokeSession(
          deps,
          { userId: member.userId, currentSessionId: user.session.id, sessionId: `guess-${n}` },
          meta(),
        ),
      ).rejects.toMatchObject({ status: 404 });
    }
    await expect(
      revokeSession(deps, { userId: member.userId, currentSessionId: user.session.id, sessionId: "guess-21" }, meta()),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });
});
