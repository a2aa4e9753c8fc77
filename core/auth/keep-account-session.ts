import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod";

/**
 * "Keep my account" signs the member in once (decision 068): the keep proof says they just gave every step of a
 * sign-in (the password, and the code from their app when two-step sign-in is on), so after the deletion is
 * cancelled this server-only endpoint makes the session those steps would have made, with Better Auth's own
 * cookie. Server only: no HTTP path reaches it, and only keepAccount calls it, after a genuine proof.
 */
export const keepAccountSession = () =>
  ({
    id: "keep-account-session",
    endpoints: {
      startKeptAccountSession: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ userId: z.string() }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new Error("keep-account session for an account that does not exist");
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new Error("Better Auth made no session");
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
