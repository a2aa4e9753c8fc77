import crypto from "node:crypto";
import { isNotificationKind, type NotificationKind } from "./notification-kinds";

/**
 * The one-click unsubscribe link every notice e-mail carries (RFC 8058): a token that names the member and what
 * to stop, a kind or the daily digest as a whole, signed with an HMAC keyed from the app's secret
 * (BETTER_AUTH_SECRET). Nothing is stored: the signature is the proof, and a link stays good as long as the
 * secret does (turning e-mail back on is one click in My Account).
 */
export type UnsubscribeScope = NotificationKind | "digest";

let key: Buffer | null = null;

/** Called once at boot (server/app.ts, server/background.ts) and by the tests' setup. */
export function setUnsubscribeSecret(secret: string): void {
  key = crypto.createHmac("sha256", secret).update("swapshed:notice-unsubscribe").digest();
}

function mac(body: string): string {
  if (!key) throw new Error("unsubscribe links are not configured (setUnsubscribeSecret)");
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

/**
 * The same key's signature of `body` for another purpose (the appeal link of decision 097): the purpose is part of
 * what is signed, so a signature made for one use is never good for another.
 */
export function signForPurpose(purpose: string, body: string): string {
  return mac(`${purpose}\u0000${body}`);
}

/** A token for this member and scope (URL-safe). */
export function signUnsubscribeToken(userId: string, scope: UnsubscribeScope): string {
  const body = Buffer.from(JSON.stringify([1, userId, scope])).toString("base64url");
  return `${body}.${mac(body)}`;
}

/** What a token names, or null when it is malformed, forged or names no kind we have. */
export function readUnsubscribeToken(token: string): { userId: string; scope: UnsubscribeScope } | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(mac(match[1]));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== 1) return null;
  const [, userId, scope] = parsed;
  if (typeof userId !== "string" || typeof scope !== "string") return null;
  if (scope !== "digest" && !isNotificationKind(scope)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

/** The page that takes the one-click POST (and, on GET, shows a button that posts). */
export function unsubscribeUrl(appUrl: string, userId: string, scope: UnsubscribeScope): string {
  return `${appUrl.replace(/\/+$/, "")}/unsubscribe/${signUnsubscribeToken(userId, scope)}`;
}
