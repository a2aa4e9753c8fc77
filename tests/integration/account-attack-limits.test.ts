import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { EMAIL_CEILING, EMAIL_LIMIT } from "#core/auth/auth-attempt.ts";
import { changePassword } from "#core/auth/change-password.ts";
import { requestEmailChange } from "#core/accounts/request-email-change.ts";
import { requestPasswordReset } from "#core/auth/request-password-reset.ts";
import { RESET_LINK_INVALID, resetPassword } from "#core/auth/reset-password.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { reauthenticate, WRONG_CODE } from "#core/auth/reauthentication.ts";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import { INVALID_TWO_FACTOR_CODE, verifyTwoFactorSignIn } from "#core/auth/verify-two-factor-sign-in.ts";
import { verifyEmailAddress } from "#core/auth/verify-email-address.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { freshEmail, MEMBER_PASSWORD, signUpConfirmedMember } from "../support/api-factories";
import { controlledClock } from "../support/test-clock";
import { latestMail, linkIn, mailCount } from "../support/mailbox";
import { cookiesFrom, createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";
import { totpCode, unusedTotpCode } from "../support/totp";
import { turnOnTwoFactor } from "../support/two-factor";
import { answerOrRefusal } from "../support/refusal";

// The third outside attack: F5 (reset links outliving changes), F7 (a TOTP code accepted twice), F10 (a stranger's
// wrong passwords locking an account). Decision 067.

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const deps = { db, auth: testApp.auth, clock, appUrl: TEST_ORIGIN, authAddressLimit: 1000 };
let ip = 0;
const meta = (cookie = "", address = `198.51.100.${++ip % 250}`) => ({
  ip: address,
  userAgent: "vitest",
  headers: new Headers(cookie ? { cookie } : {}),
});
const NEW_PASSWORD = "Another-Pass8";
const tokenIn = async (email: string, template: string) =>
  linkIn(await latestMail(db, email, template))?.searchParams.get("token") ?? null;
const cookieOf = (headers: Headers) => cookiesFrom(new Response(null, { headers }));

const confirmedMember = () => signUpConfirmedMember(testApp, db);

describe("F5: a reset link dies when something newer happens", () => {
  test("a newer reset link voids the older one", async () => {
    const member = await confirmedMember();
    await requestPasswordReset(deps, { email: member.email }, meta());
    const older = await tokenIn(member.email, "password_reset");
    await requestPasswordReset(deps, { email: member.email }, meta());
    const newer = await tokenIn(member.email, "password_reset");
    expect(newer).not.toBe(older);
    await expect(
      resetPassword(deps, { token: older, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, meta()),
    ).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
    await expect(
      resetPassword(deps, { token: newer, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, meta()),
    ).resolves.toBeUndefined();
  });

  test("changing the password voids a link mailed before", async () => {
    const member = await confirmedMember();
    await requestPasswordReset(deps, { email: member.email }, meta());
    const token = await tokenIn(member.email, "password_reset");
    const changed = await changePassword(
      deps,
      { userId: member.userId, currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD },
      meta(member.cookie),
    );
    expect(changed.headers.getSetCookie().join()).toContain("session_token=");
    await expect(
      resetPassword(deps, { token, password: "Thief-Pass77", confirm: "Thief-Pass77" }, meta()),
    ).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
    expect((await testApp.post("/api/v1/auth/sign-in", { email: member.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  test("moving the account to a new address voids a link mailed to the old one", async () => {
    const member = await confirmedMember();
    await requestPasswordReset(deps, { email: member.email }, meta());
    const token = await tokenIn(member.email, "password_reset");
    const newEmail = freshEmail("moved");
    expect(
      (await requestEmailChange(deps, { userId: member.userId, newEmail }, meta(member.cookie))).message,
    ).toContain(newEmail);
    expect(
      await verifyEmailAddress(deps, { token: await tokenIn(newEmail, "confirm_new_email"), signedIn: null }, meta()),
    ).toMatchObject({ kind: "email_changed" });
    await expect(
      resetPassword(deps, { token, password: "Thief-Pass77", confirm: "Thief-Pass77" }, meta()),
    ).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
    expect((await testApp.post("/api/v1/auth/sign-in", { email: newEmail, password: MEMBER_PASSWORD })).status).toBe(
      200,
    );
  });

  test("using one link voids every other link still open", async () => {
    const member = await confirmedMember();
    await requestPasswordReset(deps, { email: member.email }, meta());
    const token = await tokenIn(member.email, "password_reset");
    await expect(
      resetPassword(deps, { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, meta()),
    ).resolves.toBeUndefined();
    await expect(
      resetPassword(deps, { token, password: "Thief-Pass77", confirm: "Thief-Pass77" }, meta()),
    ).rejects.toMatchObject({ message: RESET_LINK_INVALID });
  });
});

describe("F7: each authenticator code works once", () => {
  async function memberWithTwoFactor(role?: "admin") {
    const member = await confirmedMember();
    if (role) {
      const granted = await grantStaffRole(db, { userId: member.userId, role, by: { actorId: null, via: "cli" } });
      expect(granted).toBeTruthy();
    }
    return turnOnTwoFactor(deps, member, meta, { through: "my-account" });
  }

  async function secondStep(email: string, code: string) {
    const first = await signIn(deps, { email, password: MEMBER_PASSWORD }, meta());
    if (first.kind !== "second-step") throw new Error("expected the second step");
    return answerOrRefusal(verifyTwoFactorSignIn(deps, { code, kind: "totp" }, meta(cookieOf(first.headers))));
  }

  for (const who of ["a member", "a staff member"] as const) {
    test(`${who}'s code signs in once; typed again in its window it is refused`, async () => {
      const member = await memberWithTwoFactor(who === "a staff member" ? "admin" : undefined);
      const code = await unusedTotpCode(member.secret);
      expect(await secondStep(member.email, code)).toMatchObject({ kind: "signed-in", userId: member.userId });
      // Someone who saw it typed (or relayed it from a phishing page) tries it at once.
      expect(await secondStep(member.email, code)).toMatchObject({
        name: "AppError",
        status: 401,
        message: INVALID_TWO_FACTOR_CODE,
      });
      // The next code from the app works.
      expect(await secondStep(member.email, await unusedTotpCode(member.secret))).toMatchObject({
        kind: "signed-in",
      });
    }, 120_000);
  }

  test("a code used to confirm it's you cannot be used again to sign in", async () => {
    const member = await memberWithTwoFactor();
    const user = await findSessionUser({ db, auth: testApp.auth }, new Headers({ cookie: member.cookie }));
    if (!user) throw new Error("expected a session");
    const code = await unusedTotpCode(member.secret);
    await expect(
      reauthenticate(
        deps,
        { userId: member.userId, session: user.session, method: "totp", secret: code },
        meta(member.cookie),
      ),
    ).resolves.toBeUndefined();
    await expect(
      reauthenticate(
        deps,
        { userId: member.userId, session: user.session, method: "totp", secret: code },
        meta(member.cookie),
      ),
    ).rejects.toMatchObject({ status: 400, message: WRONG_CODE });
    expect(await secondStep(member.email, code)).toMatchObject({ name: "AppError", message: INVALID_TWO_FACTOR_CODE });
    // The test's own clock helper agrees this was the code of the moment (so the refusal is the replay, not a typo).
    expect([
      totpCode(member.secret),
      totpCode(member.secret, Date.now() + 30_000),
      totpCode(member.secret, Date.now() - 30_000),
    ]).toContain(code);
  }, 120_000);
});

describe("F10: a stranger cannot lock anyone out", () => {
  const WRONG = "Wrongpass1";
  const stranger = (n: number) => `203.0.113.${n}`;
  const attempt = (email: string, password: string, address: string) =>
    answerOrRefusal(signIn(deps, { email, password }, meta("", address)));

  test("five wrong passwords from a stranger's address leave the member's own sign-in open", async () => {
    const member = await confirmedMember();
    for (let i = 0; i < EMAIL_LIMIT.limit; i++)
      expect(await attempt(member.email, WRONG, stranger(7))).toMatchObject({ name: "AppError", status: 401 });
    // The stranger is held back...
    expect(await attempt(member.email, WRONG, stranger(7))).toMatchObject({
      name: "AppError",
      status: 429,
      message: "Too many attempts. Please try again in 300 seconds.",
    });
    // ...and the member, from their own address, signs in.
    expect(await attempt(member.email, MEMBER_PASSWORD, "198.51.100.251")).toMatchObject({
      kind: "signed-in",
      userId: member.userId,
    });
  }, 120_000);

  test("the same holds for staff", async () => {
    const admin = await confirmedMember();
    await grantStaffRole(db, { userId: admin.userId, role: "admin", by: { actorId: null, via: "cli" } });
    for (let i = 0; i < EMAIL_LIMIT.limit + 2; i++) await attempt(admin.email, WRONG, stranger(8));
    expect(await attempt(admin.email, MEMBER_PASSWORD, "198.51.100.252")).toMatchObject({ kind: "signed-in" });
  }, 120_000);

  test("the ceiling across addresses stops strangers, mails the owner once, and still lets the owner's known address in", async () => {
    const member = await confirmedMember();
    // The member signed in from home before.
    const home = "198.51.100.253";
    expect(await attempt(member.email, MEMBER_PASSWORD, home)).toMatchObject({ kind: "signed-in" });
    // Strangers from many addresses, each under its own per-client limit, reach the ceiling.
    const perClient = EMAIL_LIMIT.limit - 1;
    let tried = 1;
    for (let n = 1; tried < EMAIL_CEILING.limit; n++) {
      for (let i = 0; i < perClient && tried < EMAIL_CEILING.limit; i++, tried++)
        await attempt(member.email, WRONG, `192.0.2.${n}`);
    }
    expect(await attempt(member.email, WRONG, "192.0.2.200")).toMatchObject({
      name: "AppError",
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    // A fresh address with the right password is refused too (it could be a stranger who guessed it)...
    expect(await attempt(member.email, MEMBER_PASSWORD, "192.0.2.201")).toMatchObject({
      name: "AppError",
      status: 429,
    });
    // ...but the member at home is not locked out.
    expect(await attempt(member.email, MEMBER_PASSWORD, home)).toMatchObject({
      kind: "signed-in",
      userId: member.userId,
    });
    // The owner heard about it once, however many attempts followed.
    for (let i = 0; i < 3; i++) await attempt(member.email, WRONG, `192.0.2.${210 + i}`);
    expect(await mailCount(db, member.email, "security_notice")).toBe(1);
    expect((await latestMail(db, member.email, "security_notice"))?.textBody).toContain(
      "Someone tried many wrong passwords on your SwapShed account.",
    );
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, member.userId), eq(securityEvents.eventType, "sign_in_ceiling_reached")));
    expect(events).toHaveLength(1);
  }, 240_000);
});
