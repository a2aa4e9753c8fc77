import crypto from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { verifications } from "#db/schema/auth.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import type { StaffActor } from "../staff/pass-staff-gate";
import { LEGACY_KEY_VALUE, NEVER, RETIRED_KEY_GRACE_MS, SIGNING_KEY_IDENTIFIER } from "./signing-keys";

export type KeyRotation = { keyId: string; previousKeyValidUntil: Date };

/**
 * Initiate Key Rotation: a new session-signing key signs every cookie set from now on, in every process (they
 * read the keys from the database on each request); the previous key is still accepted for RETIRED_KEY_GRACE_MS,
 * the longest a cookie it signed can live, so no one is signed out. Keys retired longer ago are deleted. One
 * `rotate_keys` audit row, in the same transaction; the salt never leaves the database (the audit row names the key).
 */
export async function rotateSigningKey(db: Db, { actor, now }: { actor: StaffActor; now: Date }): Promise<KeyRotation> {
  return db.transaction(async (tx) => {
    // Two admins rotating at once take turns: each retires the key the other made.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SIGNING_KEY_IDENTIFIER}))`);
    const mine = eq(verifications.identifier, SIGNING_KEY_IDENTIFIER);
    const previousKeyValidUntil = new Date(now.getTime() + RETIRED_KEY_GRACE_MS);
    const retired = await tx
      .update(verifications)
      .set({ expiresAt: previousKeyValidUntil, updatedAt: now })
      .where(and(mine, gt(verifications.expiresAt, previousKeyValidUntil)))
      .returning();
    const [anyKey] = await tx.select({ id: verifications.id }).from(verifications).where(mine).limit(1);
    if (!anyKey) {
      // The first rotation: BETTER_AUTH_SECRET itself signed every cookie so far, and is retired like any key.
      await tx.insert(verifications).values({
        id: `ssk_${crypto.randomUUID()}`,
        identifier: SIGNING_KEY_IDENTIFIER,
        value: LEGACY_KEY_VALUE,
        expiresAt: previousKeyValidUntil,
        createdAt: new Date(0),
        updatedAt: now,
      });
    }
    await tx.delete(verifications).where(and(mine, lte(verifications.expiresAt, now)));
    const keyId = `ssk_${crypto.randomUUID()}`;
    await tx.insert(verifications).values({
      id: keyId,
      identifier: SIGNING_KEY_IDENTIFIER,
      value: crypto.randomBytes(32).toString("hex"),
      expiresAt: NEVER,
      createdAt: now,
      updatedAt: now,
    });
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "rotate_keys",
      targetType: "system",
      targetId: keyId,
      metadata: {
        key: "session_signing",
        keyId,
        retired: retired.map((r) => r.id),
        previousKeyValidUntil: previousKeyValidUntil.toISOString(),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { keyId, previousKeyValidUntil };
  });
}
