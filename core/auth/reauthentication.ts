import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { accounts, sessionReauthentications, twoFactors, users } from "#db/schema/auth.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";

/** Sensitive changes need a sign-in, or a fresh proof, no older than this (the spec's reauthenticate). */
export const REAUTH_MINUTES = 10;
export const WRONG_PASSWORD = "Incorrect password";
export const WRONG_CODE = "That code is not right. Check your app and try again.";

export type SessionRef = { id: string; createdAt: Date };

/** True when the session signed in, or last proved its member again, within REAUTH_MINUTES. */
export async function isRecentlyAuthenticated(db: Db, session: SessionRef, now: Date): Promise<boolean> {
  const cutoff = now.getTime() - REAUTH_MINUTES * 60 * 1000;
  if (session.createdAt.getTime() >= cutoff) return true;
  const [row] = await db
    .select({ at: sessionReauthentications.reauthenticatedAt })
    .from(sessionReauthentications)
    .where(eq(sessionReauthentications.sessionId, session.id));
  return !!row && row.at.getTime() >= cutoff;
}

/** Records that this session proved its member just now (after a password, a code or a passkey). */
export async function markReauthenticated(db: Db, sessionId: string, now: Date) {
  await db
    .insert(sessionReauthentications)
    .values({ sessionId, reauthenticatedAt: now })
    .onConflictDoUpdate({ target: sessionReauthentications.sessionId, set: { reauthenticatedAt: now } });
}

/** The ways this member can prove it is them again: a password and/or an authenticator code (passkeys: passkeys.ts). */
export async function reauthenticationMethods(db: Db, userId: string) {
  const [user] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)))
    .limit(1);
  const [factor] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return { password: !!credential, totp: !!user?.twoFactorEnabled && factor?.verified !== false };
}

/**
 * Proves the signed-in member again with their password or a code from their authenticator app, then marks the
 * session fresh. Rate limited per member; each try is a `reauthentication` security event.
 */
export async function reauthenticate(
  deps: { db: Db; auth: Auth; clock: Clock },
  {
    userId,
    session,
    method,
    secret,
  }: { userId: string; session: SessionRef; method: "password" | "totp"; secret: unknown },
  meta: RequestMeta,
): Promise<void> {
  const text = typeof secret === "string" ? secret : "";
  if (method === "password" && !text) throw new AppError("VALIDATION", "Password is required");
  if (method === "totp" && !/^\d{6}$/.test(text.replace(/\s+/g, "")))
    throw new AppError("VALIDATION", "Enter the 6-digit code from your app");
  await enforceAccountLimit(deps, { action: "reauthenticate", subject: userId, userId }, meta);
  const ok =
    method === "password"
      ? await passwordMatches(deps.auth, text, meta)
      : await totpMatches(deps.auth, text.replace(/\s+/g, ""), meta);
  await recordSecurityEvent(deps.db, {
    eventType: "reauthentication",
    attemptedAction: `reauthenticate_${method}`,
    success: ok,
    userId,
    errorMessage: ok ? null : method === "password" ? WRONG_PASSWORD : WRONG_CODE,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  if (!ok) throw new AppError("VALIDATION", method === "password" ? WRONG_PASSWORD : WRONG_CODE);
  await markReauthenticated(deps.db, session.id, deps.clock.now());
}

export async function passwordMatches(auth: Auth, password: string, meta: RequestMeta) {
  try {
    await auth.api.verifyPassword({ body: { password }, headers: meta.headers });
    return true;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

export async function totpMatches(auth: Auth, code: string, meta: RequestMeta) {
  try {
    await auth.api.verifyTOTP({ body: { code }, headers: meta.headers });
    return true;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

const isRefusal = (error: unknown) => {
  const e = error as { statusCode?: number; status?: string | number };
  return (
    e?.statusCode === 400 ||
    e?.statusCode === 401 ||
    e?.statusCode === 403 ||
    e?.status === "UNAUTHORIZED" ||
    e?.status === "BAD_REQUEST"
  );
};
