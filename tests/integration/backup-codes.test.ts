// N22: backup codes a person can copy by hand (no look-alike characters, one case, typed in any case, with or
// without the dash), and the security page says how many are left.
import { describe, expect, test } from "vitest";
import * as securityPage from "#app/routes/account/security.tsx";
import { BACKUP_CODE_ALPHABET } from "#core/auth/backup-codes.ts";
import { countBackupCodesLeft } from "#core/auth/count-backup-codes.ts";
import { findSessionUser, type SessionUser } from "#core/auth/find-session-user.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { turnOffTwoFactor } from "#core/auth/turn-off-two-factor.ts";
import { INVALID_BACKUP_CODE, verifyTwoFactorSignIn } from "#core/auth/verify-two-factor-sign-in.ts";
import { MEMBER_PASSWORD, signUpConfirmedMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { contextFor } from "../support/staff-route";
import { requestMeta, TEST_ORIGIN } from "../support/test-app";
import { turnOnTwoFactor } from "../support/two-factor";

const { db, clock, testApp, auth, caller, cookieOf } = await authTestSetup();
const deps = { db, auth, clock };
const meta = requestMeta("203.0.113.22");

async function memberWithTwoFactor() {
  const member = await signUpConfirmedMember(testApp, db);
  return turnOnTwoFactor(deps, member, meta, { through: "my-account" });
}

async function signInWithBackupCode(email: string, code: string) {
  const first = await signIn({ ...deps, authAddressLimit: 1000 }, { email, password: MEMBER_PASSWORD }, meta());
  if (first.kind !== "second-step") throw new Error("expected the second step");
  return verifyTwoFactorSignIn(
    { ...deps, authAddressLimit: 1000 },
    { code, kind: "backup" },
    meta(cookieOf(first.headers)),
  );
}

describe("backup codes", () => {
  test("are ten codes in two groups of five, in one case, with no characters that look alike", async () => {
    const member = await memberWithTwoFactor();
    expect(member.backupCodes).toHaveLength(10);
    const shape = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`);
    for (const code of member.backupCodes) expect(code).toMatch(shape);
    expect(member.backupCodes.join("")).not.toMatch(/[0O1IlL2Z5S8Ba-z]/);
  });

  test("sign in when typed in lower case, with spaces and without the dash, and only once", async () => {
    const member = await memberWithTwoFactor();
    const typed = ` ${member.backupCodes[0]
      .replace("-", "")
      .toLowerCase()
      .replace(/(.{5})/, "$1 ")} `;
    expect(await signInWithBackupCode(member.email, typed)).toMatchObject({ kind: "signed-in" });
    await expect(signInWithBackupCode(member.email, member.backupCodes[0])).rejects.toMatchObject({
      message: INVALID_BACKUP_CODE,
    });
  });

  test("turn two-step sign-in off when typed in lower case", async () => {
    const member = await memberWithTwoFactor();
    await expect(
      turnOffTwoFactor(deps, { userId: member.userId, code: member.backupCodes[4].toLowerCase() }, meta(member.cookie)),
    ).resolves.toBeUndefined();
  });

  test("the security page says how many are left", async () => {
    const member = await memberWithTwoFactor();
    expect(await countBackupCodesLeft(auth, member.userId)).toBe(10);
    expect(await signInWithBackupCode(member.email, member.backupCodes[2])).toMatchObject({ kind: "signed-in" });
    expect(await signInWithBackupCode(member.email, member.backupCodes[3])).toMatchObject({ kind: "signed-in" });
    const user = (await findSessionUser({ db, auth }, new Headers({ cookie: member.cookie }))) as SessionUser;
    const page = (await securityPage.loader({
      request: new Request(`${TEST_ORIGIN}/account/security`),
      params: {},
      context: contextFor(caller, user),
    } as never)) as {
      status: { backupCodesLeft: number | null };
    };
    expect(page.status.backupCodesLeft).toBe(8);
    // With two-step sign-in off there is nothing to count.
    const plain = await signUpConfirmedMember(testApp, db);
    expect(await countBackupCodesLeft(auth, plain.userId)).toBeNull();
  });
});
