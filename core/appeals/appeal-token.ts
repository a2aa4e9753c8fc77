import { readFields, signFields } from "../shared/signed-token";

/**
 * The suspended member's way to appeal without a session (decision 097). Sign-in refuses a suspended account only
 * after the password (or the e-mailed code) was right; that refusal then carries this token, which names the member
 * and the suspension (its time) and is good for 30 minutes, signed with the app's secret (core/shared/signed-token.ts). It opens the one appeal
 * form for that suspension and nothing else: no session, no other page. A suspension lifted and imposed again is
 * another decision, and the old token does not fit it. Nothing is stored; the appeal's own unique index makes a
 * second use pointless.
 */
export const APPEAL_TOKEN_MINUTES = 30;
const PURPOSE = "swapshed:suspension-appeal";

export type AppealTokenClaims = { userId: string; suspendedAt: Date };

export function signAppealToken(claims: AppealTokenClaims, now: Date): string {
  const expires = now.getTime() + APPEAL_TOKEN_MINUTES * 60_000;
  return signFields(PURPOSE, [1, claims.userId, claims.suspendedAt.getTime(), expires]);
}

/** What a token names, or null when it is malformed, forged or expired. */
export function readAppealToken(token: unknown, now: Date): AppealTokenClaims | null {
  const fields = readFields(PURPOSE, token);
  if (!fields || fields.length !== 4 || fields[0] !== 1) return null;
  const [, userId, suspendedAt, expires] = fields;
  if (typeof userId !== "string" || typeof suspendedAt !== "number" || typeof expires !== "number") return null;
  if (expires <= now.getTime()) return null;
  return { userId, suspendedAt: new Date(suspendedAt) };
}
