import type { Db } from "#db/client.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";

/** The spec's sign-out scopes: this device, every other device, or everywhere (this one included). */
export const SIGN_OUT_SCOPES = ["local", "others", "global"] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
export const BAD_SCOPE = "scope must be local, others or global";

/** A scope as sent (absent means `fallback`), or null when it is none of the three. */
export function parseSignOutScope(value: unknown, fallback: SignOutScope): SignOutScope | null {
  if (value === undefined || value === null || value === "") return fallback;
  return (SIGN_OUT_SCOPES as readonly unknown[]).includes(value) ? (value as SignOutScope) : null;
}

export type SignOutResult = {
  /** Set-Cookie headers to forward: they clear the session cookie unless this device stays signed in. */
  headers: Headers;
  /** True only for "others": this device keeps its session. */
  stillSignedIn: boolean;
};

/**
 * Ends sessions on the server (the rows are deleted). Never refused and never needs a fresh sign-in: it only takes
 * access away. A session that is already gone (Better Auth's 401, 403 or 404) is not an error: the member ends
 * signed out on this device, as the spec's sign-out ignores those answers.
 */
export async function signOut(
  deps: { db: Db; auth: Auth },
  { scope }: { scope: SignOutScope },
  meta: RequestMeta,
): Promise<SignOutResult> {
  const session = await deps.auth.api.getSession({ headers: meta.headers }).catch(ignoreGone);
  if (!session) return { headers: await clearCookie(deps.auth, meta), stillSignedIn: false };
  const log = (eventType: string, metadata?: Record<string, unknown>) =>
    recordSecurityEvent(deps.db, {
      eventType,
      attemptedAction: `sign_out_${scope}`,
      success: true,
      userId: session.user.id,
      metadata,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
  if (scope === "local") {
    const headers = await clearCookie(deps.auth, meta);
    await log("logout");
    return { headers, stillSignedIn: false };
  }
  if (scope === "others") {
    const done = await deps.auth.api.revokeOtherSessions({ headers: meta.headers }).catch(ignoreGone);
    // Gone between the two calls: this device is signed out too, and its cookie cleared.
    if (!done) return { headers: await clearCookie(deps.auth, meta), stillSignedIn: false };
    await log("sessions_revoked", { scope });
    return { headers: new Headers(), stillSignedIn: true };
  }
  const revoked = await deps.auth.api.revokeSessions({ headers: meta.headers, returnHeaders: true }).catch(ignoreGone);
  await log("sessions_revoked", { scope });
  return { headers: revoked ? revoked.headers : await clearCookie(deps.auth, meta), stillSignedIn: false };
}

/** Better Auth's sign-out deletes this device's row (if any) and always answers with the cookie cleared. */
async function clearCookie(auth: Auth, meta: RequestMeta): Promise<Headers> {
  const { headers } = await auth.api.signOut({ headers: meta.headers, returnHeaders: true });
  return headers;
}

/** 401, 403 and 404 mean the session is gone already: that is the outcome asked for, so it is not an error. */
function ignoreGone(error: unknown): null {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status === 401 || status === 403 || status === 404) return null;
  throw error;
}
