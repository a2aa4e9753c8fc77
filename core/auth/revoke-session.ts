import { and, eq, ne } from "drizzle-orm";
import { sessions } from "#db/schema/auth.ts";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { AccountDeps } from "./account-deps";
import { enforceAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";

export const SESSION_NOT_FOUND = "That session has already ended.";

/**
 * Signs one of the member's other devices out by the session's id. Only this member's sessions, never this one
 * (that is "Sign out" here): another member's session id, or one that is gone, gets the same answer and changes
 * nothing (a 404 AppError). No reauthentication: it only takes access away. A security event, no mail (the member
 * did it). Too many changes: the 429 AppError with the wait.
 */
export async function revokeSession(
  deps: AccountDeps,
  { userId, currentSessionId, sessionId }: { userId: string; currentSessionId: string; sessionId: unknown },
  meta: RequestMeta,
): Promise<void> {
  await enforceAccountLimit(deps, { action: "session_change", subject: userId, userId }, meta);
  const id = typeof sessionId === "string" ? sessionId : "";
  const removed = id
    ? await deps.db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
        .returning()
    : [];
  await recordSecurityEvent(deps.db, {
    eventType: "sessions_revoked",
    attemptedAction: "revoke_session",
    success: removed.length > 0,
    userId,
    errorMessage: removed.length ? null : SESSION_NOT_FOUND,
    metadata: { scope: "one", sessionId: id.slice(0, 64) },
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  if (!removed.length) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
}
