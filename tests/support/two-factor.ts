// Two-step sign-in turned on the real way, for tests that start from a member or staff member who has it: Better
// Auth makes the key, a code from the "app" (tests/support/totp.ts) confirms it.
import { beginTwoFactorSetup, finishTwoFactorSetup } from "#core/auth/turn-on-two-factor.ts";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "#core/auth/two-factor-enrolment.ts";
import type { AccountDeps } from "#core/auth/account-deps.ts";
import type { RequestMeta } from "#core/auth/auth-attempt.ts";
import { MEMBER_PASSWORD } from "./api-factories";
import { cookiesFrom } from "./test-app";
import { unusedTotpCode } from "./totp";

/**
 * Turns on two-step sign-in for a signed-in member (their address confirmed, decision 067). `through: "my-account"`
 * goes through My Account's setup, with its limit and its checks; the default is the enrolment itself, as staff
 * meet it. `meta(cookie)` is the test's request as that member. Returns the key their app holds, the backup codes,
 * and the fresh cookie that turning it on sets.
 */
export async function turnOnTwoFactor<M extends { userId: string; cookie: string }>(
  deps: AccountDeps,
  member: M,
  meta: (cookie: string) => RequestMeta,
  { through = "enrolment" }: { through?: "my-account" | "enrolment" } = {},
) {
  const asMember = meta(member.cookie);
  const started =
    through === "my-account"
      ? await beginTwoFactorSetup(deps, { userId: member.userId, password: MEMBER_PASSWORD }, asMember)
      : await startTwoFactorEnrolment(deps, { password: MEMBER_PASSWORD }, asMember);
  const confirmation = { userId: member.userId, code: await unusedTotpCode(started.secret) };
  const confirmed =
    through === "my-account"
      ? await finishTwoFactorSetup(deps, confirmation, asMember)
      : await confirmTwoFactorEnrolment(deps, confirmation, asMember);
  return {
    ...member,
    secret: started.secret,
    backupCodes: confirmed.backupCodes,
    cookie: cookiesFrom(new Response(null, { headers: confirmed.headers })),
  };
}
