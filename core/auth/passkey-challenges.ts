import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { verifications } from "#db/schema/auth.ts";
import { PASSKEY_CEREMONY_SECONDS } from "./passkey-relying-party";

/** The ceremonies whose challenge we keep ourselves (sign-in keeps its own in Better Auth's signed cookie). */
export type PasskeyCeremony = "registration" | "reauthentication";

// One pending challenge per session and ceremony: starting again replaces it. The session id is not a secret
// (the session token is), so the identifier is stored as it is, like the session-signing keys beside it.
const identifier = (ceremony: PasskeyCeremony, sessionId: string) => `passkey-${ceremony}:${sessionId}`;

/** Keeps the challenge the browser was just given, for this session only, for a few minutes. */
export async function savePasskeyChallenge(
  db: Db,
  {
    ceremony,
    sessionId,
    challenge,
    now,
  }: { ceremony: PasskeyCeremony; sessionId: string; challenge: string; now: Date },
) {
  const id = identifier(ceremony, sessionId);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, id));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: id,
      value: challenge,
      expiresAt: new Date(now.getTime() + PASSKEY_CEREMONY_SECONDS * 1000),
    });
  });
}

/**
 * Takes the session's pending challenge, once: the row is deleted in the same statement that reads it, so an
 * answer can never be checked against the same challenge twice. Null when there is none or it has expired.
 */
export async function takePasskeyChallenge(
  db: Db,
  { ceremony, sessionId, now }: { ceremony: PasskeyCeremony; sessionId: string; now: Date },
): Promise<string | null> {
  const id = identifier(ceremony, sessionId);
  const rows = await db.delete(verifications).where(eq(verifications.identifier, id)).returning();
  const live = rows.find((row) => row.expiresAt.getTime() > now.getTime());
  return live?.value ?? null;
}
