import { APIError, type BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "#db/client.ts";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";

/**
 * How long a used code stays used. Better Auth accepts the code of the current 30-second step and of the steps
 * either side (window 1), so one code can be accepted for up to 90 seconds; twice that leaves room for app
 * processes whose clocks differ a little.
 */
export const USED_TOTP_SECONDS = 180;

/**
 * Each code from an authenticator app works once (RFC 6238 section 5.2): someone who saw a code typed (over a
 * shoulder, a shared screen, a phishing page relaying it) cannot use it again in the same window. Runs before
 * Better Auth's /two-factor/verify-totp, the one path every TOTP check takes: the sign-in's second step (members
 * and staff), confirming a new authenticator (My Account and the back office), confirming it's you, turning
 * two-step sign-in off and deleting the account. The code is claimed for the member whose code it is (the
 * session's, or the pending sign-in's) with one atomic upsert, so two requests racing with the same code cannot
 * both pass, in one process or many. A replay is answered as a wrong code.
 */
export function totpCodesWorkOnce(db: Db): BetterAuthPlugin {
  return {
    id: "totp-single-use",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
            const userId = await codeOwner(ctx);
            // Nobody to claim it for: Better Auth refuses the request itself (no session, no pending sign-in).
            if (!userId || !code) return;
            const claim = await hitRateLimit(db, {
              key: `totp-used:${userId}:${code}`,
              limit: 1,
              windowSeconds: USED_TOTP_SECONDS,
              now: new Date(),
            });
            if (!claim.allowed) throw APIError.from("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The signed-in member, or the member whose password sign-in is waiting for its second step (Better Auth's cookie). */
async function codeOwner(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session?.user?.id) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(pending);
  return row?.value ?? null;
}
