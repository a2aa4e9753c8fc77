import crypto from "node:crypto";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { verifications } from "#db/schema/auth.ts";
import { SESSION_DAYS } from "../auth/auth";

/**
 * The keys that sign session cookies (decision 058). Each is derived from BETTER_AUTH_SECRET and a random salt
 * kept in the database, so every app process derives the same keys while a copy of the database alone cannot:
 * HMAC-SHA256(BETTER_AUTH_SECRET, "swapshed-session-signing:" + salt). Before the first rotation the key is
 * BETTER_AUTH_SECRET itself (Better Auth's own signature). Rows live in Better Auth's verifications table
 * (identifier, value, expires_at), under their own identifier: the current key expires never, a retired one
 * when the last cookie signed with it has expired.
 */
export const SIGNING_KEY_IDENTIFIER = "swapshed:session-signing-key";
/** The value of the row standing for BETTER_AUTH_SECRET itself (the key before the first rotation). */
export const LEGACY_KEY_VALUE = "legacy";
/** A session cookie lives SESSION_DAYS from the last time it was set: a retired key is accepted that long. */
export const RETIRED_KEY_GRACE_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** "Never": the current key's expiry. */
export const NEVER = new Date("9999-12-31T00:00:00.000Z");

export type SigningKey = { id: string; key: string; since: Date; validUntil: Date | null };
export type SigningKeys = { current: SigningKey; accepted: SigningKey[] };

export function deriveSigningKey(authSecret: string, salt: string): string {
  return crypto.createHmac("sha256", authSecret).update(`swapshed-session-signing:${salt}`).digest("hex");
}

/** The keys in force now: the newest signs, every one not yet expired is accepted. One indexed query. */
export async function loadSigningKeys(
  db: Db,
  { authSecret, now }: { authSecret: string; now: Date },
): Promise<SigningKeys> {
  const rows = await db
    .select({
      id: verifications.id,
      value: verifications.value,
      createdAt: verifications.createdAt,
      expiresAt: verifications.expiresAt,
    })
    .from(verifications)
    .where(and(eq(verifications.identifier, SIGNING_KEY_IDENTIFIER), gt(verifications.expiresAt, now)))
    .orderBy(desc(verifications.createdAt), asc(verifications.id));
  const keys: SigningKey[] = rows.map((row) => ({
    id: row.id,
    key: row.value === LEGACY_KEY_VALUE ? authSecret : deriveSigningKey(authSecret, row.value),
    since: row.createdAt,
    validUntil: row.expiresAt.getTime() >= NEVER.getTime() ? null : row.expiresAt,
  }));
  const current = keys.find((k) => k.validUntil === null) ?? keys[0];
  if (!current) {
    const legacy = { id: "legacy", key: authSecret, since: new Date(0), validUntil: null };
    return { current: legacy, accepted: [legacy] };
  }
  return { current, accepted: [current, ...keys.filter((k) => k !== current)] };
}
