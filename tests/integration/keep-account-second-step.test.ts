// N21: a member with two-step sign-in is offered to keep their account only after the code from their app, and
// keeping it signs them in once (no "Please sign in again").
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { deleteOwnAccount } from "#core/accounts/delete-own-account.ts";
import { KEEP_OFFER_EXPIRED, keepAccount } from "#core/accounts/keep-account.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { signInWithCode } from "#core/auth/sign-in-with-code.ts";
import { INVALID_TWO_FACTOR_CODE, verifyTwoFactorSignIn } from "#core/auth/verify-two-factor-sign-in.ts";
import { sessions } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { MEMBER_PASSWORD, signUpConfirmedMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { latestMail } from "../support/mailbox";
import { requestMeta, TEST_ORIGIN } from "../support/test-app";
import { totpCode, unusedTotpCode } from "../support/totp";
import { turnOnTwoFactor } from "../support/two-factor";
import type { PendingDeletion, SecondStep } from "#core/auth/auth-attempt.ts";

const { db, clock, testApp, auth, cookieOf } = await authTestSetup();
const deps = { db, auth, clock, appUrl: TEST_ORIGIN, authAddressLimit: 1000 };
const meta = requestMeta("203.0.113.23");
const sessionCount = async (userId: string) =>
  (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const deletedAt = async (userId: string) =>
  (await db.select({ at: profiles.deletedAt }).from(profiles).where(eq(profiles.userId, userId)))[0]?.at;
const isSignedIn = async (cookie: string) =>
  (await testApp.app.request("/api/v1/me", { headers: { cookie } })).status === 200;

/** A member with an authenticator app who then asked for their own deletion (signed out everywhere). */
async function deletedMemberWithTwoFactor() {
  const member = await signUpConfirmedMember(testApp, db);
  const { secret, cookie } = await turnOnTwoFactor(deps, member, meta, { through: "my-account" });
  await deleteOwnAccount(deps, { userId: member.userId, method: "password", secret: MEMBER_PASSWORD }, meta(cookie));
  return { ...member, secret };
}

describe("keeping an account that has two-step sign-in", () => {
  test("the password alone gets the second step, not the offer", async () => {
    const member = await deletedMemberWithTwoFactor();
    const first = await signIn(deps, { email: member.email, password: MEMBER_PASSWORD }, meta());
    expect(first).toMatchObject({ kind: "second-step", headers: expect.anything() });
    expect(first).not.toHaveProperty("proof");
    expect(await sessionCount(member.userId)).toBe(0);
    // A wrong code gets no offer either.
    const wrong = totpCode(member.secret) === "123456" ? "654321" : "123456";
    const cookie = cookieOf((first as SecondStep).headers);
    await expect(verifyTwoFactorSignIn(deps, { code: wrong, kind: "totp" }, meta(cookie))).rejects.toMatchObject({
      message: INVALID_TWO_FACTOR_CODE,
    });
  });

  test("a sign-in code alone gets the second step, not the offer", async () => {
    const member = await deletedMemberWithTwoFactor();
    await testApp.auth.api.sendVerificationOTP({ body: { email: member.email, type: "sign-in" } });
    const code = (await latestMail(db, member.email, "sign_in_code"))?.textBody.match(/\b\d{6}\b/)?.[0] as string;
    const outcome = await signInWithCode(deps, { email: member.email, code }, meta());
    expect(outcome).toMatchObject({ kind: "second-step", headers: expect.anything() });
    expect(outcome).not.toHaveProperty("proof");
  });

  test("after the code from the app it offers to keep the account, and keeping it signs the member in once", async () => {
    const member = await deletedMemberWithTwoFactor();
    const first = await signIn(deps, { email: member.email, password: MEMBER_PASSWORD }, meta());
    const cookie = cookieOf((first as SecondStep).headers);
    const second = await verifyTwoFactorSignIn(
      deps,
      { code: await unusedTotpCode(member.secret), kind: "totp" },
      meta(cookie),
    );
    expect(second).toMatchObject({
      kind: "pending-deletion",
      proof: expect.any(String),
      deletesOn: expect.any(String),
    });
    expect(await sessionCount(member.userId)).toBe(0);

    const proof = (second as PendingDeletion).proof;
    const kept = await keepAccount(deps, { proof }, meta());
    expect(kept.userId).toBe(member.userId);
    expect(await deletedAt(member.userId)).toBeNull();
    const session = cookieOf(kept.headers);
    expect(await isSignedIn(session)).toBe(true);
    expect(await sessionCount(member.userId)).toBe(1);
    // The same proof does not sign anyone in again.
    await expect(keepAccount(deps, { proof }, meta())).rejects.toMatchObject({
      status: 409,
      message: KEEP_OFFER_EXPIRED,
      details: {},
    });
    expect(await sessionCount(member.userId)).toBe(1);
  });
});
