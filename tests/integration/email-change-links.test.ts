// F6 (an address-change link is single use and void after any later change), N10 (the pending change with
// Resend and Cancel) and F4 (the demo outbox shows a member only their own account's mail).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { appContext } from "#app/context.ts";
import * as emailPage from "#app/routes/account/email.tsx";
import * as outboxPage from "#app/routes/dev.outbox.tsx";
import { cancelEmailChange, EMAIL_CHANGE_CANCELLED } from "#core/accounts/cancel-email-change.ts";
import { requestEmailChange } from "#core/accounts/request-email-change.ts";
import { NO_PENDING_EMAIL_CHANGE, resendEmailChange } from "#core/accounts/resend-email-change.ts";
import { findPendingEmailChange } from "#core/auth/pending-email-change.ts";
import { verifyEmailAddress } from "#core/auth/verify-email-address.ts";
import { users } from "#db/schema/auth.ts";
import { freshEmail, signUpConfirmedMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { latestMail, linkIn, mailCount } from "../support/mailbox";
import { contextFor, type RouteCaller } from "../support/staff-route";
import { requestMeta, TEST_ORIGIN } from "../support/test-app";

const { db, clock, testApp, deps, caller, sessionUser } = await authTestSetup();
beforeEach(() => clock.set(new Date()));
const meta = requestMeta("198.51.100.21");
const emailOf = async (id: string) =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
const confirmToken = async (to: string) =>
  linkIn(await latestMail(db, to, "confirm_new_email"))?.searchParams.get("token") as string;
const open = (token: string) => verifyEmailAddress(deps, { token, signedIn: null }, meta());

/** Asks for a change as the member and returns the token of the link mailed to the new address. */
async function askToMove(member: { userId: string; cookie: string }, to: string) {
  const result = await requestEmailChange(deps, { userId: member.userId, newEmail: to }, meta(member.cookie));
  expect(result.message).toContain(to);
  return confirmToken(to);
}

describe("a change-of-address link", () => {
  test("works once: after the address is changed back, the first link does not move the account again", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const original = member.email;
    const moved = freshEmail("moved");
    const first = await askToMove(member, moved);
    expect(await open(first)).toMatchObject({ kind: "email_changed" });
    // Back to the first address, confirmed from it.
    const back = await askToMove(member, original);
    expect(await open(back)).toMatchObject({ kind: "email_changed", email: original });
    expect(await emailOf(member.userId)).toBe(original);

    expect(await open(first)).toEqual({ kind: "invalid" });
    expect(await emailOf(member.userId)).toBe(original);
  });

  test("is void once a newer change is asked for", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const older = await askToMove(member, freshEmail("older"));
    const newerAddress = freshEmail("newer");
    const newer = await askToMove(member, newerAddress);
    expect(await open(older)).toEqual({ kind: "invalid" });
    expect(await emailOf(member.userId)).toBe(member.email);
    expect(await open(newer)).toMatchObject({ kind: "email_changed", email: newerAddress });
  });

  test("is void after Cancel, and the account keeps its address", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const token = await askToMove(member, freshEmail("cancelled"));
    expect(await cancelEmailChange(db, { userId: member.userId }, meta())).toEqual({ message: EMAIL_CHANGE_CANCELLED });
    expect(await findPendingEmailChange(db, { userId: member.userId, now: clock.now() })).toBeNull();
    expect(await open(token)).toEqual({ kind: "invalid" });
    expect(await emailOf(member.userId)).toBe(member.email);
    // Nothing left to cancel.
    await expect(cancelEmailChange(db, { userId: member.userId }, meta())).rejects.toMatchObject({
      status: 409,
      message: NO_PENDING_EMAIL_CHANGE,
    });
  });
});

describe("the pending change on My Account", () => {
  test("shows the address it waits for until the link is opened", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const to = freshEmail("pending");
    const token = await askToMove(member, to);
    const user = await sessionUser(member.cookie);
    const page = (await emailPage.loader({
      request: new Request(`${TEST_ORIGIN}/account/email`),
      params: {},
      context: contextFor(caller, user),
    } as never)) as {
      pending: { newEmail: string } | null;
    };
    expect(page.pending?.newEmail).toBe(to);
    await open(token);
    expect(await findPendingEmailChange(db, { userId: member.userId, now: clock.now() })).toBeNull();
  });

  test("Resend sends a new link to the same address, voids the earlier one, and counts against the same limit", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const to = freshEmail("resent");
    const first = await askToMove(member, to);
    // The link is a token stamped to the second: a resend within the same second would be the very same link.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await resendEmailChange(deps, { userId: member.userId }, meta(member.cookie))).message).toContain(to);
    expect(await mailCount(db, to, "confirm_new_email")).toBe(2);
    const second = await confirmToken(to);
    expect(second).not.toBe(first);
    expect(await open(first)).toEqual({ kind: "invalid" });
    // Three sends an hour, the first request included.
    expect((await resendEmailChange(deps, { userId: member.userId }, meta(member.cookie))).message).toContain(to);
    await expect(resendEmailChange(deps, { userId: member.userId }, meta(member.cookie))).rejects.toMatchObject({
      status: 429,
    });
    expect(await mailCount(db, to, "confirm_new_email")).toBe(3);
  });

  test("Resend and Cancel through the page need a pending change", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const user = await sessionUser(member.cookie);
    for (const intent of ["resend-change", "cancel-change"]) {
      const context = contextFor(caller, user);
      context.get(appContext).meta.headers = new Headers({ cookie: member.cookie });
      const request = new Request(`${TEST_ORIGIN}/account/email`, {
        method: "POST",
        body: new URLSearchParams({ intent }),
      });
      const answer = (await emailPage.action({ request, params: {}, context } as never)) as {
        data: { error: string };
        init: { status: number };
      };
      expect(answer.init.status).toBe(409);
      expect(answer.data.error).toBe(NO_PENDING_EMAIL_CHANGE);
    }
    expect(await mailCount(db, member.email, "security_notice")).toBe(0);
  });
});

describe("the demo outbox", () => {
  const demoCaller: RouteCaller = {
    ...caller,
    testApp: { ...testApp, env: { ...testApp.env, NODE_ENV: "production", ALLOW_SEED: true } },
  };
  const outboxOf = async (cookie: string) => {
    const user = await sessionUser(cookie);
    const page = (await outboxPage.loader({
      request: new Request(`${TEST_ORIGIN}/dev/outbox`),
      params: {},
      context: contextFor(demoCaller, user),
    } as never)) as {
      mails: { to: string; subject: string; textBody: string }[];
    };
    return page.mails;
  };

  test("never shows a newcomer the mail sent to their address before they registered", async () => {
    // Another member asks to move to an address nobody has yet: its confirmation link goes there.
    const other = await signUpConfirmedMember(testApp, db);
    const address = freshEmail("newcomer");
    await askToMove(other, address);
    const newcomer = await signUpConfirmedMember(testApp, db, { email: address });
    const mails = await outboxOf(newcomer.cookie);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your e-mail address for SwapShed"]);
    expect(mails.some((m) => m.subject.includes("new e-mail"))).toBe(false);
  });

  test("shows a member the confirmation sent to their new address, and the notices to their old one", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const to = freshEmail("demo-move");
    await askToMove(member, to);
    const mails = await outboxOf(member.cookie);
    expect(mails.find((m) => m.subject === "Confirm your new e-mail address for SwapShed")?.to).toBe(to);
    expect(
      mails.some(
        (m) => m.to === member.email && m.textBody.includes(`A change of your e-mail address to ${to} was requested`),
      ),
    ).toBe(true);
    // And none of another member's mail.
    const stranger = await signUpConfirmedMember(testApp, db);
    expect((await outboxOf(stranger.cookie)).every((m) => m.to === stranger.email)).toBe(true);
  });
});
