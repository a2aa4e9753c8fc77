import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { appContext } from "#app/context.ts";
import * as emailPage from "#app/routes/account/email.tsx";
import * as authPage from "#app/routes/auth.tsx";
import * as verifyPage from "#app/routes/auth.verify-email.tsx";
import { emailChangeRequested, requestEmailChange, SAME_EMAIL } from "#core/accounts/request-email-change.ts";
import { VERIFY_EMAIL_HOURS } from "#core/auth/auth.ts";
import { markReauthenticated } from "#core/auth/reauthentication.ts";
import { ALREADY_VERIFIED, resendVerificationEmail } from "#core/auth/resend-verification-email.ts";
import { verifyEmailAddress } from "#core/auth/verify-email-address.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { freshEmail, MEMBER_PASSWORD, signUpMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { confirmAddress } from "../support/factories";
import { latestMail, linkIn, mailCount } from "../support/mailbox";
import { contextFor, load } from "../support/staff-route";
import { requestMeta, TEST_ORIGIN } from "../support/test-app";
import { securityEventsOf } from "../support/security-events";

const { db, clock, testApp, deps, caller, sessionUser } = await authTestSetup();
// Sessions are stamped by Better Auth with the real time; each test starts with the product's clock beside it.
beforeEach(() => clock.set(new Date()));
const meta = requestMeta("198.51.100.20");
const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
/** A member who opened the link in their sign-up mail: only a confirmed address can be changed. */
const confirmedMember = async () => {
  const member = await signUpMember(testApp);
  await confirmAddress(db, member.userId);
  return member;
};
/** The member signed in on this device, as the verification page passes them on. */
const signedInAs = async (cookie: string) => {
  const user = await sessionUser(cookie);
  return { id: user.id, email: user.email, sessionId: user.session.id };
};
const tokenIn = async (email: string, template: string) =>
  linkIn(await latestMail(db, email, template))?.searchParams.get("token") ?? null;

/** Runs a route's action as the signed-in member, with their cookie on the request as the Hono app would pass it. */
async function act(
  module: { action: (args: never) => Promise<unknown> },
  member: { cookie: string },
  path: string,
  form: Record<string, string>,
) {
  const user = await sessionUser(member.cookie);
  const context = contextFor(caller, user);
  context.get(appContext).meta.headers = new Headers({ cookie: member.cookie });
  const request = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(form) });
  try {
    const answer = await module.action({ request, params: {}, context } as never);
    if (answer instanceof Response)
      return { status: answer.status, location: answer.headers.get("location"), error: null };
    const result = answer as { data: { error?: string }; init: { status: number } };
    return { status: result.init.status, location: null, error: result.data.error ?? null };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location"), error: null };
    throw thrown;
  }
}

describe("verification at sign-up", () => {
  test("signing up through the API queues a mail whose link leads to our own page", async () => {
    const member = await signUpMember(testApp);
    const mail = await latestMail(db, member.email, "verify_email");
    expect(mail?.subject).toBe("Confirm your e-mail address for SwapShed");
    const link = linkIn(mail);
    expect(`${link?.origin}${link?.pathname}`).toBe(`${TEST_ORIGIN}/auth/verify-email`);
    expect(link?.searchParams.get("token")).toBeTruthy();
    expect((await userRow(member.userId)).emailVerified).toBe(false);
  });

  test("signing up through the /auth form queues it too", async () => {
    const email = freshEmail("form");
    const request = new Request(`${TEST_ORIGIN}/auth`, {
      method: "POST",
      body: new URLSearchParams({ mode: "signup", email, password: MEMBER_PASSWORD, fullName: "Jo Bloggs" }),
    });
    const context = contextFor(caller, null);
    const answer = (await authPage.action({ request, params: {}, context } as never)) as Response;
    expect(answer.status).toBe(302);
    expect(await mailCount(db, email, "verify_email")).toBe(1);
  });
});

describe("the verification link", () => {
  test("opened signed out it changes nothing and asks the member to sign in; signed in, it proves the address and signs nobody in", async () => {
    const member = await signUpMember(testApp);
    const token = (await tokenIn(member.email, "verify_email")) as string;
    const before = await db.select().from(sessions).where(eq(sessions.userId, member.userId));
    // Another device, or a mail scanner: whoever opens it may not hold the password (decision 067).
    const opened = await load(caller, verifyPage, {
      user: null,
      path: `/auth/verify-email?token=${encodeURIComponent(token)}`,
    });
    expect(opened.response).toBeNull();
    expect(opened.data).toMatchObject({
      result: { kind: "sign_in_first", email: member.email },
      signedIn: false,
    });
    expect((opened.data as { signInUrl: string }).signInUrl).toBe(
      `/auth?${new URLSearchParams({ redirectTo: `/auth/verify-email?token=${token}` })}`,
    );
    expect((await userRow(member.userId)).emailVerified).toBe(false);
    // Signed in with the password, the same link confirms it; no session is made or ended.
    expect(
      await verifyEmailAddress(deps, { token, signedIn: await signedInAs(member.cookie) }, meta(member.cookie)),
    ).toEqual({ kind: "verified", email: member.email });
    expect((await userRow(member.userId)).emailVerified).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(before.length);
    // Opened again, signed out, it still says verified (and changes nothing).
    expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toMatchObject({
      kind: "verified",
    });
  });

  test(`is refused after ${VERIFY_EMAIL_HOURS} hours`, async () => {
    const member = await signUpMember(testApp);
    const token = await tokenIn(member.email, "verify_email");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (VERIFY_EMAIL_HOURS * 60 + 1) * 60 * 1000 });
    try {
      expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toEqual({
        kind: "expired",
      });
    } finally {
      vi.useRealTimers();
    }
    expect((await userRow(member.userId)).emailVerified).toBe(false);
  });

  test("a tampered or missing token is not valid", async () => {
    const member = await signUpMember(testApp);
    const token = (await tokenIn(member.email, "verify_email")) as string;
    for (const bad of [`${token.slice(0, -2)}xx`, "", "not-a-token", null]) {
      expect(await verifyEmailAddress(deps, { token: bad, signedIn: null }, meta())).toEqual({
        kind: "invalid",
      });
    }
    expect((await userRow(member.userId)).emailVerified).toBe(false);
  });

  test("is refused while a different member is signed in, and verifies nothing", async () => {
    const owner = await signUpMember(testApp);
    const other = await signUpMember(testApp);
    const token = await tokenIn(owner.email, "verify_email");
    const signedIn = await sessionUser(other.cookie);
    expect(await verifyEmailAddress(deps, { token, signedIn }, meta(other.cookie))).toEqual({
      kind: "other_member",
    });
    expect((await userRow(owner.userId)).emailVerified).toBe(false);
  });
});

describe("resending the verification e-mail", () => {
  test("sends a new link, three times an hour at most", async () => {
    const member = await signUpMember(testApp);
    for (let n = 0; n < 3; n++) {
      expect(await resendVerificationEmail(deps, { userId: member.userId }, meta(member.cookie))).toEqual({
        message: expect.stringContaining("We've sent a new link"),
      });
    }
    expect(await mailCount(db, member.email, "verify_email")).toBe(4);
    await expect(resendVerificationEmail(deps, { userId: member.userId }, meta(member.cookie))).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
    });
    expect(await mailCount(db, member.email, "verify_email")).toBe(4);
    // The newest link works.
    expect(
      await verifyEmailAddress(
        deps,
        { token: await tokenIn(member.email, "verify_email"), signedIn: await signedInAs(member.cookie) },
        meta(member.cookie),
      ),
    ).toMatchObject({ kind: "verified" });
  });

  test("a verified member is told there is nothing to do", async () => {
    const member = await signUpMember(testApp);
    await verifyEmailAddress(
      deps,
      { token: await tokenIn(member.email, "verify_email"), signedIn: await signedInAs(member.cookie) },
      meta(member.cookie),
    );
    await expect(resendVerificationEmail(deps, { userId: member.userId }, meta(member.cookie))).rejects.toMatchObject({
      code: "VALIDATION",
      status: 400,
      message: ALREADY_VERIFIED,
    });
  });
});

describe("changing the e-mail address", () => {
  test("needs a fresh proof when the member signed in more than 10 minutes ago", async () => {
    const member = await confirmedMember();
    clock.advance(11 * 60 * 1000);
    const answer = await act(emailPage, member, "/account/email", { intent: "change", newEmail: freshEmail("new") });
    expect(answer).toMatchObject({ status: 302, location: "/auth/reauthenticate?redirectTo=%2F" });
    expect(await securityEventsOf(db, member.userId, "email_change_requested")).toHaveLength(0);
    // Once the member has proved it's them again, the same request goes through.
    await markReauthenticated(db, (await sessionUser(member.cookie)).session.id, clock.now());
    expect(
      await act(emailPage, member, "/account/email", { intent: "change", newEmail: freshEmail("new") }),
    ).toMatchObject({ status: 302, location: "/account/email" });
  });

  test("is confirmed from the new address, the old one is told, and nothing changes until then", async () => {
    const member = await confirmedMember();
    const newEmail = freshEmail("moved");
    const answer = await act(emailPage, member, "/account/email", {
      intent: "change",
      newEmail: newEmail.toUpperCase(),
    });
    expect(answer).toMatchObject({ status: 302, location: "/account/email" });
    expect((await userRow(member.userId)).email).toBe(member.email);
    expect((await latestMail(db, member.email, "security_notice"))?.textBody).toContain(
      `A change of your e-mail address to ${newEmail} was requested`,
    );
    const confirm = await latestMail(db, newEmail, "confirm_new_email");
    expect(confirm?.subject).toBe("Confirm your new e-mail address for SwapShed");

    const token = linkIn(confirm)?.searchParams.get("token");
    // Another member signed in on the device that opens it: refused, and the address stays.
    const other = await signUpMember(testApp);
    expect(
      await verifyEmailAddress(deps, { token, signedIn: await sessionUser(other.cookie) }, meta(other.cookie)),
    ).toEqual({ kind: "other_member" });
    expect((await userRow(member.userId)).email).toBe(member.email);

    expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toEqual({
      kind: "email_changed",
      email: newEmail,
    });
    const row = await userRow(member.userId);
    expect(row).toMatchObject({ email: newEmail, emailVerified: true });
    const notice = await latestMail(db, member.email, "security_notice");
    expect(notice?.textBody).toContain(`changed from ${member.email} to ${newEmail}`);
    const [event] = await securityEventsOf(db, member.userId, "email_changed");
    expect(event.metadata).toEqual({ from: member.email, to: newEmail });
    // The member signs in with the new address; the link does nothing a second time.
    expect((await testApp.post("/api/v1/auth/sign-in", { email: newEmail, password: MEMBER_PASSWORD })).status).toBe(
      200,
    );
    expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toEqual({ kind: "invalid" });
  });

  test("an address that belongs to another account gets the same answer, and it is sent nothing", async () => {
    const member = await confirmedMember();
    const taken = await signUpMember(testApp);
    const result = await requestEmailChange(
      deps,
      { userId: member.userId, newEmail: taken.email },
      meta(member.cookie),
    );
    expect(result).toEqual({ message: emailChangeRequested(taken.email, member.email) });
    expect(await latestMail(db, taken.email, "confirm_new_email")).toBeNull();
    expect((await userRow(member.userId)).email).toBe(member.email);
  });

  test("bad input is refused with the spec's messages, and changes nothing", async () => {
    const member = await confirmedMember();
    await expect(
      requestEmailChange(deps, { userId: member.userId, newEmail: "not-an-email" }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: "Invalid email address", details: { field: "newEmail" } });
    await expect(
      requestEmailChange(
        deps,
        { userId: member.userId, newEmail: `${"a".repeat(250)}@example.com` },
        meta(member.cookie),
      ),
    ).rejects.toMatchObject({ status: 400, message: "Email too long" });
    await expect(
      requestEmailChange(deps, { userId: member.userId, newEmail: member.email.toUpperCase() }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 400, message: SAME_EMAIL, details: { field: "newEmail" } });
  });

  test("a fourth request within the hour is refused", async () => {
    const member = await confirmedMember();
    for (let n = 0; n < 3; n++) {
      const tried = freshEmail("try");
      expect(
        (await requestEmailChange(deps, { userId: member.userId, newEmail: tried }, meta(member.cookie))).message,
      ).toContain(tried);
    }
    const newEmail = freshEmail("fourth");
    await expect(
      requestEmailChange(deps, { userId: member.userId, newEmail }, meta(member.cookie)),
    ).rejects.toMatchObject({ status: 429 });
    expect(await latestMail(db, newEmail, "confirm_new_email")).toBeNull();
  });

  test("an address taken by someone else before the link is opened is not switched", async () => {
    const member = await confirmedMember();
    const newEmail = freshEmail("raced");
    await requestEmailChange(deps, { userId: member.userId, newEmail }, meta(member.cookie));
    const token = await tokenIn(newEmail, "confirm_new_email");
    await signUpMember(testApp, { email: newEmail });
    expect(await verifyEmailAddress(deps, { token, signedIn: null }, meta())).toEqual({ kind: "invalid" });
    expect((await userRow(member.userId)).email).toBe(member.email);
  });
});
