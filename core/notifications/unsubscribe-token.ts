import { readFields, signFields } from "../shared/signed-token";
import { isNotificationKind, type NotificationKind } from "./notification-kinds";

/**
 * The one-click unsubscribe link every notice e-mail carries (RFC 8058): a token that names the member and what
 * to stop, a kind or the daily digest as a whole, signed with the app's secret (core/shared/signed-token.ts).
 * Nothing is stored: the signature is the proof, and a link stays good as long as the secret does (turning e-mail
 * back on is one click in My Account).
 */
export type UnsubscribeScope = NotificationKind | "digest";

/** Signed without a purpose: the links already mailed were made that way (signed-token.ts). */
const PURPOSE = null;

/** A token for this member and scope (URL-safe). */
export function signUnsubscribeToken(userId: string, scope: UnsubscribeScope): string {
  return signFields(PURPOSE, [1, userId, scope]);
}

/** What a token names, or null when it is malformed, forged or names no kind we have. */
export function readUnsubscribeToken(token: string): { userId: string; scope: UnsubscribeScope } | null {
  const fields = readFields(PURPOSE, token);
  if (!fields || fields.length !== 3 || fields[0] !== 1) return null;
  const [, userId, scope] = fields;
  if (typeof userId !== "string" || typeof scope !== "string") return null;
  if (scope !== "digest" && !isNotificationKind(scope)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

/** The page that takes the one-click POST (and, on GET, shows a button that posts). */
export function unsubscribeUrl(appUrl: string, userId: string, scope: UnsubscribeScope): string {
  return `${appUrl.replace(/\/+$/, "")}/unsubscribe/${signUnsubscribeToken(userId, scope)}`;
}
