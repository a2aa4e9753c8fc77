import { and, desc, eq, ne } from "drizzle-orm";
import { SIGNING_KEY_IDENTIFIER } from "#core/session-keys/signing-keys.ts";
import { afterAll, describe, expect, test } from "vitest";
import { sendPasswordReset } from "#core/accounts/send-password-reset.ts";
import { RESET_LINK_SENT, requestPasswordReset, TOO_MANY_RESETS } from "#core/auth/request-password-reset.ts";
import { RESET_LINK_INVALID, resetPassword } from "#core/auth/reset-password.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { sessions, verifications } from "#db/schema/auth.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { MEMBER_PASSWORD, signUpMember } from "../support/api-factories";
import { controlledClock } from "../support/test-clock";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const deps = { db, auth: testApp.auth, clock };
let ip = 0;
const meta = () => ({ ip: `198.51.100.${++ip}`, userAgent: "vitest", headers: new Headers() });

/** The token in the newest reset mail to `email`, as the member would click it. */
async function tokenFromMail(email: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "password_reset")))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  return mail ? new URL(mail.textBody.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token") : null;
}
const signIn = (email: string, password: string) => testApp.post("/api/v1/auth/sign-in", { email, password });

describe("forgot password", () => {
  test("answers the same for an unknown address, and sends nothing", async () => {
    expect(await requestPasswordReset(deps, { email: "nobody-here@example.com.au" }, meta())).toEqual({
      message: RESET_LINK_SENT,
    });
    expect(await tokenFromMail("nobody-here@example.com.au")).toBeNull();
  });

  test("a member resets with the link once: the new password works, the old one and every session stop", async () => {
    const member = await signUpMember(testApp);
    expect(await requestPasswordReset(deps, { email: member.email }, meta())).toEqual({ message: RESET_LINK_SENT });
    const token = await tokenFromMail(member.email);
    expect(token).toBeTruthy();
    await expect(resetPassword(deps, { token, password: "short", confirm: "short" }, meta())).rejects.toMatchObject({
      message: "Password must be at least 8 characters",
    });
    await expect(
      resetPassword(deps, { token, password: "Newpass123", confirm: "Newpass124" }, meta()),
    ).rejects.toMatchObject({
      message: "The passwords don't match",
    });
    await expect(
      resetPassword(deps, { token, password: "Newpass123", confirm: "Newpass123" }, meta()),
    ).resolves.toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(0);
    expect((await signIn(member.email, MEMBER_PASSWORD)).status).toBe(401);
    expect((await signIn(member.email, "Newpass123")).status).toBe(200);
    await expect(
      resetPassword(deps, { token, password: "Other1234", confirm: "Other1234" }, meta()),
    ).rejects.toMatchObject({
      status: 400,
      message: RESET_LINK_INVALID,
    });
  });

  test("an expired link is refused", async () => {
    const member = await signUpMember(testApp);
    await requestPasswordReset(deps, { email: member.email }, meta());
    const token = await tokenFromMail(member.email);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(ne(verifications.identifier, SIGNING_KEY_IDENTIFIER));
    await expect(
      resetPassword(deps, { token, password: "Newpass123", confirm: "Newpass123" }, meta()),
    ).rejects.toMatchObject({
      message: RESET_LINK_INVALID,
    });
  });

  test("a fourth request for one address within the hour is refused", async () => {
    const member = await signUpMember(testApp);
    for (let n = 0; n < 3; n++)
      expect(await requestPasswordReset(deps, { email: member.email }, meta())).toEqual({ message: RESET_LINK_SENT });
    await expect(requestPasswordReset(deps, { email: member.email }, meta())).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      message: TOO_MANY_RESETS,
    });
  });
});

describe("an admin sends a reset", () => {
  test("the member gets the link and the trail records who sent it", async () => {
    const member = await signUpMember(testApp);
    const admin = await signUpMember(testApp, { name: "Avery Admin" });
    await sendPasswordReset(deps, {
      actor: {
        userId: admin.userId,
        name: "Avery Admin",
        email: admin.email,
        roles: ["admin"],
        ip: "203.0.113.1",
        userAgent: "vitest",
      },
      userId: member.userId,
    });
    expect(await tokenFromMail(member.email)).toBeTruthy();
    const [row] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, member.userId), eq(adminAuditLog.action, "reset_user_password")));
    expect(row).toMatchObject({ adminId: admin.userId, targetType: "user" });
  });
});
