import { APIError, betterAuth } from "better-auth";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP, genericOAuth, twoFactor } from "better-auth/plugins";
import { passkey } from "@better-auth/passkey";
import type { Database } from "#db/client.ts";
import { accounts, passkeys, sessions, twoFactors, users, verifications } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { enqueueMail } from "../mail/mailer";
import { passwordReset } from "../mail/templates";
import { confirmNewEmail, signInCode, verifyEmail } from "../mail/account-templates";
import { BACKUP_CODE_COUNT, makeBackupCodes } from "./backup-codes";
import { secondStepAfterCodeSignIn } from "./code-sign-in-second-step";
import { recordEmailChangeLink } from "./pending-email-change";
import { type IdentityProviderConfig, socialProvidersFrom, genericProvidersFrom } from "./identity-providers";
import { identityAuthHooks } from "./identity-auth-hooks";
import { keepAccountSession } from "./keep-account-session";
import { totpCodesWorkOnce } from "./totp-single-use";
import { RESET_LINK_PREFIX, storedResetIdentifier, voidPasswordResetLinks } from "./password-reset-links";

export type AuthConfig = {
  baseURL: string;
  secret: string;
  secureCookies: boolean;
  /** Sign-in with an identity provider, each only when configured (server/env.ts). */
  identityProviders?: IdentityProviderConfig;
};

/** How long an e-mailed sign-in code works, and how many wrong tries it takes (then a new code is needed). */
export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_ATTEMPTS = 3;
/** How long the link in a verification (or change-of-address) mail works. */
export const VERIFY_EMAIL_HOURS = 24;

export const SESSION_DAYS = 30;
export const ACCOUNT_SUSPENDED_CODE = "ACCOUNT_SUSPENDED";
/** The member asked for their own deletion and its 30 days are not up: sign-in offers to keep the account. */
export const ACCOUNT_DELETION_PENDING_CODE = "ACCOUNT_DELETION_PENDING";
/** The header the Hono app overwrites with the socket address (or the trusted proxy's word). */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * Better Auth over our own database. Sign-in and sign-up go through core/auth use cases
 * (validation, rate limits, security events); the HTTP endpoints for them are closed in server/app.ts.
 */
export function createAuth(db: Database, config: AuthConfig) {
  const appUrl = config.baseURL.replace(/\/+$/, "");
  const genericProviders = genericProvidersFrom(config.identityProviders);
  // Backup codes without look-alike characters, in one case (core/auth/backup-codes.ts, decision 068).
  const backupCodeOptions = {
    amount: BACKUP_CODE_COUNT,
    storeBackupCodes: "encrypted" as const,
    customBackupCodesGenerate: () => makeBackupCodes(),
  };
  const twoFactorPlugin = twoFactor({ issuer: "SwapShed", backupCodeOptions });
  const identity = identityAuthHooks(db, {
    appUrl,
    providers: config.identityProviders,
    clientIpHeader: CLIENT_IP_HEADER,
  });
  return betterAuth({
    appName: "SwapShed",
    // Failed sign-ins are expected traffic, already written to security_events; only errors are worth a log line.
    logger: { level: "error" },
    baseURL: config.baseURL,
    secret: config.secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    // Verification tokens and e-mailed codes are kept hashed where the library allows (see storeOTP below); reset
    // links keep their prefix in front of the hash so a member's open links can be voided (password-reset-links.ts).
    verification: {
      storeIdentifier: {
        default: "hashed",
        overrides: { [RESET_LINK_PREFIX]: { hash: async (id) => storedResetIdentifier(id) } },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 72,
      autoSignIn: true,
      // A reset link works once, for an hour, and signs the member out everywhere (core/auth/reset-password.ts).
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Every reset path (Forgot password?, an admin's) comes through here: only the newest link works.
        await voidPasswordResetLinks(db, { userId: user.id, exceptToken: token });
        const url = `${appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, passwordReset({ to: user.email, name: user.name, url }), { userId: user.id });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A verification link proves the address; it never signs anyone in (it may be opened on another device).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        // Our own page takes the token (/auth/verify-email), so the link lands on SwapShed, not on an API.
        const url = `${appUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
        // For a change of address Better Auth passes the new address as user.email.
        const isChange = isEmailChangeToken(token);
        // Only the newest change-of-address link works, and only once (core/auth/pending-email-change.ts).
        if (isChange) await recordEmailChangeLink(db, { userId: user.id, newEmail: user.email, token });
        const mail = isChange ? confirmNewEmail : verifyEmail;
        // The mail belongs to the account even when it goes to the address it is moving to.
        await enqueueMail(db, mail({ to: user.email, name: user.name, url }), { userId: user.id });
      },
    },
    user: {
      // A new address is confirmed from the new mailbox; the old one is told (core/accounts/request-email-change.ts).
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    account: {
      // Identities link explicitly from My Account, or implicitly only when both sides have verified the address.
      accountLinking: { enabled: true, allowDifferentEmails: false, allowUnlinkingAll: false },
      // SwapShed never calls a provider's API: the tokens it hands over are kept encrypted, never in clear.
      encryptOAuthTokens: true,
    },
    socialProviders: socialProvidersFrom(config.identityProviders),
    // An identity provider's callback that fails before its state is read comes back to the sign-in page.
    onAPIError: { errorURL: `${appUrl}/auth` },
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
          before: async (session, context) => {
            await identity.beforeSessionCreate(session, context);
            const [profile] = await db
              .select({ status: profiles.status, deletedAt: profiles.deletedAt })
              .from(profiles)
              .where(eq(profiles.userId, session.userId));
            // A member's own deletion leaves the status active (staff's suspends): they may still keep the account.
            if (profile?.deletedAt && profile.status !== "suspended") {
              // With two-step sign-in on, the offer to keep the account comes after the code from the app (decision
              // 068): the two-factor plugin turns this sign-in's session into its signed second-step cookie at once.
              if (SECOND_STEP_PATHS.has(context?.path ?? "") && (await hasTwoFactorOn(db, session.userId))) return;
              // userId: the second step (verifyTwoFactorSignIn) makes the offer for this member.
              throw new APIError("FORBIDDEN", {
                message: ACCOUNT_DELETION_PENDING_CODE,
                code: ACCOUNT_DELETION_PENDING_CODE,
                userId: session.userId,
              });
            }
            if (profile && (profile.status === "suspended" || profile.deletedAt)) {
              throw new APIError("FORBIDDEN", { message: ACCOUNT_SUSPENDED_CODE, code: ACCOUNT_SUSPENDED_CODE });
            }
          },
          after: async (session, context) => identity.afterSessionCreate(session, context),
        },
      },
      account: {
        create: { after: async (account, context) => identity.afterAccountCreate(account, context) },
      },
      user: {
        create: {
          before: async (user, context) => identity.beforeUserCreate(user, context),
          // Every account gets its profile row (status, contact details) the moment it exists.
          after: async (user) => {
            await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing();
          },
        },
      },
    },
    plugins: [
      twoFactorPlugin,
      // Each authenticator code is accepted once, whichever page checks it.
      totpCodesWorkOnce(db),
      // A sign-in with an e-mailed code still asks a member with two-factor on for the second step.
      secondStepAfterCodeSignIn(twoFactorPlugin),
      admin(),
      keepAccountSession(),
      passkey({
        rpID: new URL(config.baseURL).hostname,
        rpName: "SwapShed",
        origin: new URL(config.baseURL).origin,
      }),
      emailOTP({
        // An e-mailed code signs in an existing account only: asking for a code never creates one.
        disableSignUp: true,
        otpLength: 6,
        expiresIn: SIGN_IN_CODE_MINUTES * 60,
        allowedAttempts: SIGN_IN_CODE_ATTEMPTS,
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== "sign-in") return;
          const [user] = await db.select({ name: users.name }).from(users).where(eq(users.email, email));
          if (!user) return;
          const url = `${appUrl}/auth/code?${new URLSearchParams({ email, code: otp })}`;
          await enqueueMail(
            db,
            signInCode({ to: email, name: user.name, code: otp, url, minutes: SIGN_IN_CODE_MINUTES }),
          );
        },
      }),
      ...(genericProviders.length ? [genericOAuth({ config: genericProviders })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The sign-ins the two-factor plugin stops at its second step (its own matcher, and secondStepAfterCodeSignIn). */
const SECOND_STEP_PATHS = new Set(["/sign-in/email", "/sign-in/email-otp"]);

async function hasTwoFactorOn(db: Database, userId: string) {
  const [user] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return user?.on === true;
}

/** Better Auth's verification token is a JWT we signed; its payload says whether it confirms a new address. */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload?.requestType === "change-email-verification";
  } catch {
    return false;
  }
}
