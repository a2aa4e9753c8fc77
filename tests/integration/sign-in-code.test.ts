import { and, eq, ne } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { readFlash } from "#app/lib/flash.server.ts";
import * as codePage from "#app/routes/auth.code.tsx";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import { EMAIL_OR_PHONE_REQUIRED, requestSignInCode, SIGN_IN_CODE_SENT } from "#core/auth/request-sign-in-code.ts";
import { ACCOUNT_SUSPENDED, TWO_FACTOR_REQUIRED } from "#core/auth/sign-in-attempt.ts";
import { AppError } from "#core/shared/app-error.ts";
import {
  CODE_FORMAT,
  SIGN_IN_CODE_EXPIRED,
  SIGN_IN_CODE_LOCKED,
  signInWithCode,
  WRONG_SIGN_IN_CODE,
} from "#core/auth/sign-in-with-code.ts";
import { verifyTwoFactorSignIn } from "#core/auth/verify-two-factor-sign-in.ts";
import { SIGNING_KEY_IDENTIFIER } from "#core/session-keys/signing-keys.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { accounts, users, verifications } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { freshEmail, signUpConfirmedMember, signUpMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { latestMail, mailCount } from "../support/mailbox";
import { contextFor, load, postForm } from "../support/staff-route";
import { cookiesFrom, TEST_ORIGIN } from "../support/test-app";
import { unusedTotpCode } from "../support/totp";
import { turnOnTwoFactor } from "../support/two-factor";

const { db, clock, testApp, deps, caller, cookieOf } = await authTestSetup();
let ip = 0;
/** Each call from its own client address, so only the per-e-mail limits are in play unless a test says otherwise. */
const meta = (cookie = "", address = `198.51.100.${++ip % 250}`) => ({
  ip: address,
  userAgent: "vitest",
  headers: new Headers(cookie ? { cookie } : {}),
});
const userOf = (headers: Headers) =>
  findSessionUser({ db, auth: testApp.auth }, new Headers({ cookie: cookieOf(headers) }));

/** The code in the newest sign-in mail to `email`, as the member reads it. */
async function codeFor(email: string) {
  const mail = await latestMail(db, email, "sign_in_code");
  return mail?.subject.match(/^(\d{6}) is your SwapShed sign-in code$/)?.[1] ?? null;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const codeAttempts = (email: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, "login_attempt"), eq(securityEvents.attemptedAction, "sign_in_code")))
    .then((rows) => rows.filter((r) => r.metadata.email === email));

describe("asking for a sign-in code", () => {
  test("without an address the member reads the spec's message", async () => {
    for (const email of ["", "   ", undefined]) {
      await expect(requestSignInCode(deps, { email }, meta())).rejects.toMatchObject({
        status: 400,
        message: EMAIL_OR_PHONE_REQUIRED,
        details: { field: "email" },
      });
    }
    await expect(signInWithCode(deps, { email: "", code: "123456" }, meta())).rejects.toMatchObject({
      message: EMAIL_OR_PHONE_REQUIRED,
    });
    await expect(requestSignInCode(deps, { email: "not-an-address" }, meta())).rejects.toMatchObject({
      message: "Invalid email address",
    });
  });

  test("an unknown address gets the same answer, and no account and no mail come of it", async () => {
    const email = freshEmail("stranger");
    expect(await requestSignInCode(deps, { email }, meta())).toEqual({ email, message: SIGN_IN_CODE_SENT });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await latestMail(db, email, "sign_in_code")).toBeNull();
    // Guessing a code for it signs nobody up either.
    await expect(signInWithCode(deps, { email, code: "123456" }, meta())).rejects.toMatchObject({
      message: WRONG_SIGN_IN_CODE,
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  test("a member's address gets the same answer and a 6-digit code by e-mail, with a link that fills it in", async () => {
    const member = await signUpMember(testApp);
    expect(await requestSignInCode(deps, { email: member.email.toUpperCase() }, meta())).toEqual({
      email: member.email,
      message: SIGN_IN_CODE_SENT,
    });
    const code = await codeFor(member.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await latestMail(db, member.email, "sign_in_code");
    expect(mail?.textBody).toContain(`${TEST_ORIGIN}/auth/code?email=${encodeURIComponent(member.email)}&code=${code}`);
    // The code is kept hashed: the database does not hold it.
    expect(JSON.stringify(await db.select().from(verifications))).not.toContain(`${code}:`);
  });

  test("a fourth request for one address within 15 minutes is refused, and sends nothing", async () => {
    const member = await signUpMember(testApp);
    for (let n = 0; n < 3; n++)
      expect(await requestSignInCode(deps, { email: member.email }, meta())).toMatchObject({ email: member.email });
    await expect(requestSignInCode(deps, { email: member.email }, meta())).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    expect(await mailCount(db, member.email, "sign_in_code")).toBe(3);
    clock.advance(16 * 60 * 1000);
    expect(await requestSignInCode(deps, { email: member.email }, meta())).toMatchObject({ email: member.email });
  });

  test("one client asking about many addresses is stopped after 20 in 15 minutes", async () => {
    const address = "203.0.113.99";
    for (let n = 0; n < 20; n++)
      expect(await requestSignInCode(deps, { email: freshEmail("probe") }, meta("", address))).toMatchObject({
        message: SIGN_IN_CODE_SENT,
      });
    await expect(requestSignInCode(deps, { email: freshEmail("probe") }, meta("", address))).rejects.toMatchObject({
      status: 429,
    });
  });
});

describe("signing in with the code", () => {
  test("the right code signs the member in once; used again it is refused", async () => {
    const member = await signUpMember(testApp);
    await requestSignInCode(deps, { email: member.email }, meta());
    const code = (await codeFor(member.email)) as string;
    const first = await signInWithCode(
      deps,
      { email: member.email, code: `${code.slice(0, 3)} ${code.slice(3)}` },
      meta(),
    );
    if (first.kind !== "signed-in") throw new Error(`expected a session, got ${first.kind}`);
    expect(await userOf(first.headers)).toMatchObject({ id: member.userId });
    await expect(signInWithCode(deps, { email: member.email, code }, meta())).rejects.toMatchObject({
      status: 401,
      message: WRONG_SIGN_IN_CODE,
    });
    const attempts = await codeAttempts(member.email);
    expect(attempts.filter((a) => a.success)).toHaveLength(1);
    expect(attempts.filter((a) => !a.success)).toMatchObject([
      { userId: member.userId, errorMessage: WRONG_SIGN_IN_CODE },
    ]);
  });

  test("a code in the wrong shape is refused before any try is counted", async () => {
    const member = await signUpMember(testApp);
    await requestSignInCode(deps, { email: member.email }, meta());
    for (const code of ["", "12345", "abcdef", "1234567"]) {
      await expect(signInWithCode(deps, { email: member.email, code }, meta())).rejects.toMatchObject({
        status: 400,
        message: CODE_FORMAT,
        details: { field: "code" },
      });
    }
    expect(await codeAttempts(member.email)).toHaveLength(0);
    const code = (await codeFor(member.email)) as string;
    expect(await signInWithCode(deps, { email: member.email, code }, meta())).toMatchObject({ kind: "signed-in" });
  });

  test("three wrong codes use the code up: even the right one is then refused until a new code is asked for", async () => {
    const member = await signUpMember(testApp);
    await requestSignInCode(deps, { email: member.email }, meta());
    const code = (await codeFor(member.email)) as string;
    for (let n = 0; n < 3; n++) {
      await expect(signInWithCode(deps, { email: member.email, code: wrongCode(code) }, meta())).rejects.toMatchObject({
        message: WRONG_SIGN_IN_CODE,
      });
    }
    await expect(signInWithCode(deps, { email: member.email, code }, meta())).rejects.toMatchObject({
      status: 429,
      message: SIGN_IN_CODE_LOCKED,
    });
    await requestSignInCode(deps, { email: member.email }, meta());
    const fresh = (await codeFor(member.email)) as string;
    expect(await signInWithCode(deps, { email: member.email, code: fresh }, meta())).toMatchObject({
      kind: "signed-in",
    });
  });

  test("an expired code is refused", async () => {
    const member = await signUpMember(testApp);
    await requestSignInCode(deps, { email: member.email }, meta());
    const code = (await codeFor(member.email)) as string;
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(ne(verifications.identifier, SIGNING_KEY_IDENTIFIER));
    await expect(signInWithCode(deps, { email: member.email, code }, meta())).rejects.toMatchObject({
      message: SIGN_IN_CODE_EXPIRED,
      details: { field: "code" },
    });
  });

  test("the 11th try for one address within 15 minutes is refused whatever the code", async () => {
    const member = await signUpMember(testApp);
    for (let n = 0; n < 10; n++) {
      const refusal = await signInWithCode(deps, { email: member.email, code: "000000" }, meta()).then(
        (outcome) => outcome,
        (error: AppError) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).status).not.toBe(429);
    }
    await expect(signInWithCode(deps, { email: member.email, code: "000000" }, meta())).rejects.toMatchObject({
      status: 429,
    });
  });

  test("a suspended member is told so, and gets no session", async () => {
    const member = await signUpMember(testApp);
    await db
      .update(profiles)
      .set({ status: "suspended", suspendedAt: new Date(), suspensionReason: "fraud" })
      .where(eq(profiles.userId, member.userId));
    await requestSignInCode(deps, { email: member.email }, meta());
    const code = await codeFor(member.email);
    await expect(signInWithCode(deps, { email: member.email, code }, meta())).rejects.toMatchObject({
      status: 403,
      message: ACCOUNT_SUSPENDED,
    });
  });

  test("a member whose own deletion is pending is offered to keep the account instead of a session", async () => {
    const member = await signUpMember(testApp);
    const now = clock.now();
    const purgeAt = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
    await db
      .update(profiles)
      .set({ deletedAt: now, permanentDeletionAt: purgeAt, deletionReason: "Deleted by the member" })
      .where(eq(profiles.userId, member.userId));
    await requestSignInCode(deps, { email: member.email }, meta());
    const code = await codeFor(member.email);
    const result = await signInWithCode(deps, { email: member.email, code }, meta());
    expect(result).toMatchObject({ kind: "pending-deletion", proof: expect.any(String) });
    // The refusal the log keeps (the page shows the offer instead).
    const [attempt] = await codeAttempts(member.email);
    expect(attempt?.errorMessage).toMatch(/^Your account is set to be deleted on /);
  });

  test("a member with two-factor on still needs the code from their app after the e-mailed code", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const { secret } = await turnOnTwoFactor(deps, member, meta);

    await requestSignInCode(deps, { email: member.email }, meta());
    const first = await signInWithCode(deps, { email: member.email, code: await codeFor(member.email) }, meta());
    if (first.kind !== "second-step") throw new Error("expected the second step");
    expect((await codeAttempts(member.email)).map((a) => a.errorMessage)).toEqual([TWO_FACTOR_REQUIRED]);
    // No session came of the e-mailed code alone.
    expect(await userOf(first.headers)).toBeNull();
    const pending = cookiesFrom(new Response(null, { headers: first.headers }));
    expect(pending).toMatch(/better-auth\.two_factor=/);

    // The page sends the member to the second step with that cookie.
    await requestSignInCode(deps, { email: member.email }, meta());
    const viaPage = await postForm(caller, codePage, {
      user: null,
      path: "/auth/code",
      form: {
        intent: "verify",
        email: member.email,
        code: (await codeFor(member.email)) as string,
        redirectTo: "/my-swaps",
      },
    });
    expect(viaPage).toMatchObject({ status: 302, location: "/auth/two-factor?redirectTo=%2Fmy-swaps" });

    const second = await verifyTwoFactorSignIn(
      deps,
      { code: await unusedTotpCode(secret), kind: "totp" },
      meta(pending),
    );
    if (second.kind !== "signed-in") throw new Error("expected a session");
    expect(await userOf(second.headers)).toMatchObject({ id: member.userId });
  });

  test("a member who never confirmed the address is verified by the code, and told that older sign-ins were removed", async () => {
    const member = await signUpMember(testApp);
    await requestSignInCode(deps, { email: member.email }, meta());
    const result = await signInWithCode(deps, { email: member.email, code: await codeFor(member.email) }, meta());
    expect(result.kind).toBe("signed-in");
    const [row] = await db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, member.userId));
    expect(row.emailVerified).toBe(true);
    // A password set before the address was proven goes (someone else may have set it); the notice says so.
    expect(await db.select().from(accounts).where(eq(accounts.userId, member.userId))).toHaveLength(0);
    expect((await latestMail(db, member.email, "security_notice"))?.textBody).toContain(
      "the password (choose a new one with 'Forgot password?'",
    );
  });
});

describe("the sign-in code page", () => {
  test("opening the mail's link fills the form in and signs nobody in; pressing Sign in does", async () => {
    const member = await signUpMember(testApp);
    await requestSignInCode(deps, { email: member.email }, meta());
    const code = (await codeFor(member.email)) as string;
    const opened = await load(caller, codePage, {
      user: null,
      path: `/auth/code?${new URLSearchParams({ email: member.email, code })}`,
    });
    expect(opened.data).toMatchObject({ email: member.email, code, step: "code" });
    expect(await codeAttempts(member.email)).toHaveLength(0);

    const request = new Request(`${TEST_ORIGIN}/auth/code`, {
      method: "POST",
      body: new URLSearchParams({ intent: "verify", email: member.email, code, redirectTo: "//evil.example" }),
    });
    const signedIn = (await codePage.action({
      request,
      params: {},
      context: contextFor(caller, null),
    } as never)) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
    expect(await userOf(signedIn.headers)).toMatchObject({ id: member.userId });
    const flashCookie = signedIn.headers.getSetCookie().find((c) => !/better-auth/.test(c)) ?? "";
    const { flash } = await readFlash(new Request(TEST_ORIGIN, { headers: { cookie: flashCookie.split(";")[0] } }));
    expect(flash?.message).toBe("Welcome back!");
  });

  test("asking without an address shows the spec's message", async () => {
    const answer = await postForm(caller, codePage, {
      user: null,
      path: "/auth/code",
      form: { intent: "request", email: "" },
    });
    expect(answer).toMatchObject({ status: 400, error: EMAIL_OR_PHONE_REQUIRED });
  });
});
