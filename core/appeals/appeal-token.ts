import crypto from "node:crypto";
import { signForPurpose } from "../notifications/unsubscribe-token";

/**
 * The suspended member's way to appeal without a session (decision 097). Sign-in refuses a suspended account only
 * after the password (or the e-mailed code) was right; that refusal then carries this token, which names the member
 * and the suspension (its time) and is good for 30 minutes, signed with the app's secret. It opens the one appeal
 * form for that suspension and nothing else: no session, no other page. A suspension lifted and imposed again is
 * another decision, and the old token does not fit it. Nothing is stored; the appeal's own unique index makes a
 * second use pointless.
 */
export const APPEAL_TOKEN_MINUTES = 30;
const PURPOSE = "swapshed:suspension-appeal";

export type AppealTokenClaims = { userId: string; suspendedAt: Date };

export function signAppealToken(claims: AppealTokenClaims, now: Date): string {
  const expires = now.getTime() + APPEAL_TOKEN_MINUTES * 60_000;
  const body = Buffer.from(JSON.stringify([1, claims.userId, claims.suspendedAt.getTime(), expires])).toString(
    "base64url",
  );
  return `${body}.${signForPurpose(PURPOSE, body)}`;
}

/** What a token names, or null when it is malformed, forged or expired. */
export function readAppealToken(token: unknown, now: Date): AppealTokenClaims | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signForPurpose(PURPOSE, match[1]));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== 1) return null;
  const [, userId, suspendedAt, expires] = parsed;
  if (typeof userId !== "string" || typeof suspendedAt !== "number" || typeof expires !== "number") return null;
  if (expires <= now.getTime()) return null;
  return { userId, suspendedAt: new Date(suspendedAt) };
}
