import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { requestEmailChange } from "#core/accounts/request-email-change.ts";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import { requestPasswordReset } from "#core/auth/request-password-reset.ts";
import { requestSignInCode } from "#core/auth/request-sign-in-code.ts";
import { resetPassword } from "#core/auth/reset-password.ts";
import { signInWithCode } from "#core/auth/sign-in-with-code.ts";
import { startIdentityLink } from "#core/auth/start-identity-link.ts";
import { startPasskeyRegistration } from "#core/auth/start-passkey-registration.ts";
import { beginTwoFactorSetup } from "#core/auth/turn-on-two-factor.ts";
import { confirmTwoFactorEnrolment } from "#core/auth/two-factor-enrolment.ts";
import { CONFIRM_ADDRESS_FIRST } from "#core/auth/verified-address.ts";
import { verifyEmailAddress } from "#core/auth/verify-email-address.ts";
import { accounts, passkeys, sessions, twoFactors, users } from "#db/schema/auth.ts";
import { freshEmail, MEMBER_PASSWORD, signUpMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { latestMail, linkIn } from "../support/mailbox";
import { cookiesFrom, requestMeta } from "../support/test-app";
import { unusedTotpCode } from "../support/totp";

// Account pre-hijacking (F3, decision 067): an attacker signs up with the victim's address before the
// victim does, sets things up, and waits for the victim to prove the mailbox.

const { db, testApp, deps } = await authTestSetup();
let ip = 0;
const meta = requestMeta(() => `198.51.100.${++ip % 250}`);
const ATTACKER_PASSWORD = MEMBER_PASSWORD;
const OWNER_PASSWORD = "Mailbox-Owner9";

const passwordSignIn = (email: string, password: string) => testApp.post("/api/v1/auth/sign-in", { email, password });
const isSignedIn = async (cookie: string) =>
  (await testApp.app.request("/api/v1/me", { headers: { cookie } })).status === 200;
const sessionUser = async (cookie: string) => findSessionUser({ db, auth: testApp.auth }, new Headers({ cookie }));
const rowsOf = async (userId: string) => ({
  passkeys: await db.select().from(passkeys).where(eq(passkeys.userId, userId)),
  twoFactors: await db.select().from(twoFactors).where(eq(twoFactors.userId, userId)),
  identities: (await db.select().from(accounts).where(eq(accounts.userId, userId))).filter(
    (a) => a.providerId !== "credential",
  ),
  user: (await db.select().from(users).where(eq(users.id, userId)))[0],
});
const tokenIn = async (email: string, template: string) =>
  linkIn(await latestMail(db, email, template))?.searchParams.get("token") ?? null;

/**
 * The attacker's account on the victim's address, with everything an attacker could have set up before this fix
 * (through Better Auth directly: our pages now refuse each of them): an authenticator app, a passkey, a linked
 * identity, and a pending change of address to the attacker's own mailbox.
 */
async function preHijackedAccount() {
  const victimEmail = freshEmail("victim");
  const attacker = await signUpMember(testApp, { email: victimEmail, name: "Sam Attacker" });
  const headers = new Headers({ cookie: attacker.cookie });
  const enrolment = await testApp.auth.api.enableTwoFactor({ body: { password: ATTACKER_PASSWORD }, headers });
  const secret = new URL((enrolment as { totpURI: string }).totpURI).searchParams.get("secret") as string;
  // Turning it on gives the attacker's browser a fresh session cookie (Better Auth's), used from here on.
  const turnedOn = await testApp.auth.api.verifyTOTP({
    body: { code: await unusedTotpCode(secret) },
    headers,
    returnHeaders: true,
  });
  const attackerCookie = cookiesFrom(new Response(null, { headers: turnedOn.headers }));
  expect((await rowsOf(attacker.userId)).user.twoFactorEnabled).toBe(true);
  await db.insert(passkeys).values({
    id: crypto.randomUUID(),
    name: "Attacker's key",
    userId: attacker.userId,
    credentialID: crypto.randomBytes(16).toString("base64url"),
    publicKey: crypto.randomBytes(65).toString("base64"),
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
    transports: "internal",
    createdAt: new Date(),
  });
  await db.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: `google-${attacker.userId}`,
    providerId: "google",
    userId: attacker.userId,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const attackerMailbox = freshEmail("attacker");
  await testApp.auth.api.changeEmail({
    body: { newEmail: attackerMailbox, callbackURL: "/account/email" },
    headers: new Headers({ cookie: attackerCookie }),
  });
  const changeToken = await tokenIn(attackerMailbox, "confirm_new_email");
  expect(changeToken).toBeTruthy();
  expect(await isSignedIn(attackerCookie)).toBe(true);
  return { victimEmail, userId: attacker.userId, attackerCookie, changeToken: changeToken as string };
}

/** After the proof: nothing the attacker set up works, and the owner can use the account. */
async function expectNothingOfTheAttackerLeft(account: Awaited<ReturnType<typeof preHijackedAccount>>) {
  const rows = await rowsOf(account.userId);
  expect(rows.user).toMatchObject({ email: account.victimEmail, emailVerified: true, twoFactorEnabled: false });
  expect(rows.passkeys).toHaveLength(0);
  expect(rows.twoFactors).toHaveLength(0);
  expect(rows.identities).toHaveLength(0);
  expect(await isSignedIn(account.attackerCookie)).toBe(false);
  // The attacker's password no longer signs in.
  expect((await passwordSignIn(account.victimEmail, ATTACKER_PASSWORD)).status).toBe(401);
  // The pending change to the attacker's mailbox does not carry the account away.
  expect(await verifyEmailAddress(deps, { token: account.changeToken, signedIn: null }, meta())).toEqual({
    kind: "invalid",
  });
  expect((await rowsOf(account.userId)).user.email).toBe(account.victimEmail);
}

describe("an address nobody has confirmed yet", () => {
  test("gains no authenticator, passkey, linked identity or change of address", async () => {
    const attacker = await signUpMember(testApp, { email: freshEmail("victim") });
    const user = await sessionUser(attacker.cookie);
    if (!user) throw new Error("expected a session");
    const refused = { status: 403, message: CONFIRM_ADDRESS_FIRST, details: {} };
    await expect(
      beginTwoFactorSetup(deps, { userId: attacker.userId, password: MEMBER_PASSWORD }, meta(attacker.cookie)),
    ).rejects.toMatchObject(refused);
    // The back office's enrolment (and a key started before this rule) is refused at the confirming step too.
    const started = await testApp.auth.api.enableTwoFactor({
      body: { password: MEMBER_PASSWORD },
      headers: new Headers({ cookie: attacker.cookie }),
    });
    const secret = new URL((started as { totpURI: string }).totpURI).searchParams.get("secret") as string;
    await expect(
      confirmTwoFactorEnrolment(
        deps,
        { userId: attacker.userId, code: await unusedTotpCode(secret) },
        meta(attacker.cookie),
      ),
    ).rejects.toMatchObject(refused);
    await expect(
      startPasskeyRegistration(deps, { user, sessionId: user.session.id }, meta(attacker.cookie)),
    ).rejects.toMatchObject(refused);
    const providers = { google: { clientId: "id", clientSecret: "secret" } } as never;
    await expect(
      startIdentityLink(
        { ...deps, providers },
        {
          userId: attacker.userId,
          provider: "google",
          callbackURL: "/account/identities",
          errorCallbackURL: "/account/identities",
        },
        meta(attacker.cookie),
      ),
    ).rejects.toMatchObject(refused);
    const elsewhere = freshEmail("elsewhere");
    await expect(
      requestEmailChange(deps, { userId: attacker.userId, newEmail: elsewhere }, meta(attacker.cookie)),
    ).rejects.toMatchObject(refused);
    expect(await latestMail(db, elsewhere, "confirm_new_email")).toBeNull();
    const rows = await rowsOf(attacker.userId);
    expect(rows.user.twoFactorEnabled).toBe(false);
    expect(rows.passkeys).toHaveLength(0);
  });
});

describe("proving the mailbox removes what was set up before", () => {
  test("with an e-mailed code: the owner is signed in without the attacker's second step, and the attacker is out", async () => {
    const account = await preHijackedAccount();
    await requestSignInCode(deps, { email: account.victimEmail }, meta());
    const code = (await latestMail(db, account.victimEmail, "sign_in_code"))?.subject.slice(0, 6);
    const result = await signInWithCode(deps, { email: account.victimEmail, code }, meta());
    // Before the fix the attacker's authenticator asked for a code the owner cannot give.
    expect(result).toMatchObject({ kind: "signed-in", userId: account.userId });
    if (result.kind !== "signed-in") return;
    const ownerCookie = cookiesFrom(new Response(null, { headers: result.headers }));
    expect(await isSignedIn(ownerCookie)).toBe(true);
    await expectNothingOfTheAttackerLeft(account);
    const notice = await latestMail(db, account.victimEmail, "security_notice");
    expect(notice?.textBody).toContain("what was set up on your account before then was removed");
    expect(notice?.textBody).toContain("a passkey, two-step sign-in and its backup codes, a linked sign-in");
  });

  test("with a reset link: the owner's new password works, and nothing of the attacker's does", async () => {
    const account = await preHijackedAccount();
    await requestPasswordReset(deps, { email: account.victimEmail }, meta());
    const token = await tokenIn(account.victimEmail, "password_reset");
    await expect(
      resetPassword(deps, { token, password: OWNER_PASSWORD, confirm: OWNER_PASSWORD }, meta()),
    ).resolves.toBeUndefined();
    await expectNothingOfTheAttackerLeft(account);
    // The owner signs in with the password alone: no authenticator of the attacker's stands in the way.
    const owner = await passwordSignIn(account.victimEmail, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
  });

  test("with the verification link: signed out it changes nothing; signed in with the password it keeps only that", async () => {
    // Here the person who signed up is the mailbox's owner (they know the password); a session on another
    // device and a pending change were made before the proof.
    const owner = await signUpMember(testApp, { email: freshEmail("owner") });
    const otherDevice = cookiesFrom(await passwordSignIn(owner.email, MEMBER_PASSWORD));
    const token = (await tokenIn(owner.email, "verify_email")) as string;
    expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toEqual({
      kind: "sign_in_first",
      email: owner.email,
    });
    expect((await rowsOf(owner.userId)).user.emailVerified).toBe(false);

    const user = await sessionUser(owner.cookie);
    if (!user) throw new Error("expected a session");
    const signedIn = { id: user.id, email: user.email, sessionId: user.session.id };
    expect(await verifyEmailAddress(deps, { token, signedIn }, meta(owner.cookie))).toEqual({
      kind: "verified",
      email: owner.email,
    });
    expect((await rowsOf(owner.userId)).user.emailVerified).toBe(true);
    // This device stays signed in and the password still works; the device signed in before the proof does not.
    expect(await isSignedIn(owner.cookie)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect((await passwordSignIn(owner.email, MEMBER_PASSWORD)).status).toBe(200);
    expect(
      await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, owner.userId), eq(sessions.id, user.session.id))),
    ).toHaveLength(1);
  });

  test("the attacker's pending change of address dies with the verification link too", async () => {
    const account = await preHijackedAccount();
    // The owner cannot sign in with the attacker's password; the link opened signed out changes nothing, and the
    // page leads to 'Forgot password?'. The attacker's own session may not use the owner's link either.
    const token = (await tokenIn(account.victimEmail, "verify_email")) as string;
    expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toMatchObject({
      kind: "sign_in_first",
    });
    await requestPasswordReset(deps, { email: account.victimEmail }, meta());
    const reset = await tokenIn(account.victimEmail, "password_reset");
    await expect(
      resetPassword(deps, { token: reset, password: OWNER_PASSWORD, confirm: OWNER_PASSWORD }, meta()),
    ).resolves.toBeUndefined();
    expect(await verifyEmailAddress(deps, { token: account.changeToken, signedIn: null }, meta())).toEqual({
      kind: "invalid",
    });
    expect((await rowsOf(account.userId)).user.email).toBe(account.victimEmail);
  });
});
