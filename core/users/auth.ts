import { APIError, betterAuth } from "better-auth";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import type { Database } from "../../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../../db/schema/auth";
import { profiles } from "../../db/schema/profiles";
import { enqueueMail } from "../mail/mailer";
import { passwordReset } from "../mail/templates";

export type AuthConfig = {
  baseURL: string;
  secret: string;
  secureCookies: boolean;
};

export const SESSION_DAYS = 30;
export const ACCOUNT_SUSPENDED_CODE = "ACCOUNT_SUSPENDED";
/** The header the Hono app overwrites with the socket address (or the trusted proxy's word). */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * Better Auth over our own database. Sign-in and sign-up go through core/users use cases
 * (validation, rate limits, security events); the HTTP endpoints for them are closed in server/app.ts.
 */
export function createAuth(db: Database, config: AuthConfig) {
  return betterAuth({
    appName: "SwapShed",
    // Failed sign-ins are expected traffic, already written to security_events; only errors are worth a log line.
    logger: { level: "error" },
    baseURL: config.baseURL,
    secret: config.secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 72,
      autoSignIn: true,
      // A reset link works once, for an hour, and signs the member out everywhere (core/users/reset-password.ts).
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.baseURL.replace(/\/+$/, "")}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, passwordReset({ to: user.email, name: user.name, url }));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * SESSION_DAYS, updateAge: 60 * 60 * 24 },
    // Our own limiter (core/rate-limit) guards sign-in and sign-up across processes; Better Auth's
    // limiter stays on for its remaining endpoints.
    rateLimit: { enabled: true, window: 60, max: 100 },
    advanced: {
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // Runs after the password was checked: a suspended or deleted member gets no session, and
          // only someone who knows the password learns that the account is suspended.
          before: async (session) => {
            const [profile] = await db
              .select({ status: profiles.status, deletedAt: profiles.deletedAt })
              .from(profiles)
              .where(eq(profiles.userId, session.userId));
            if (profile && (profile.status === "suspended" || profile.deletedAt)) {
              throw new APIError("FORBIDDEN", { message: ACCOUNT_SUSPENDED_CODE, code: ACCOUNT_SUSPENDED_CODE });
            }
          },
        },
      },
      user: {
        create: {
          // Every account gets its profile row (status, contact details) the moment it exists.
          after: async (user) => {
            await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing();
          },
        },
      },
    },
    plugins: [twoFactor({ issuer: "SwapShed" }), admin()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
