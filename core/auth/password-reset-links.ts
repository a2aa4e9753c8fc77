import crypto from "node:crypto";
import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { verifications } from "#db/schema/auth.ts";

/** Better Auth's identifier for a reset link's row: this prefix, then the token. */
export const RESET_LINK_PREFIX = "reset-password:";

/**
 * How a reset link's identifier is stored: hashed, as every other verification row is (auth.ts), but with the
 * prefix kept in front of the hash, so that a member's live reset links can be found (by prefix and member) and
 * voided. A plain hash of the whole identifier would hide which rows are reset links.
 */
export function storedResetIdentifier(identifier: string): string {
  const hash = crypto.createHash("sha256").update(identifier).digest("base64url");
  return `${RESET_LINK_PREFIX}${hash}`;
}

/**
 * Voids every reset link of a member that is still open (Better Auth keeps the member's id as the row's value),
 * except the token given, which is the one just mailed. Called when a newer reset is sent, when the password
 * changes (by the member, by a reset, by proving the mailbox) and when the address changes: a link mailed before
 * any of these must not set a password afterwards (it may sit in a mailbox the member no longer controls).
 */
export async function voidPasswordResetLinks(
  db: Db,
  { userId, exceptToken }: { userId: string; exceptToken?: string },
) {
  const keep = exceptToken ? storedResetIdentifier(`${RESET_LINK_PREFIX}${exceptToken}`) : null;
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_LINK_PREFIX}%`),
        ...(keep ? [ne(verifications.identifier, keep)] : []),
      ),
    );
}

/** The member a reset link belongs to, while it is open (null for an unknown, used or voided link). */
export async function findResetLinkOwner(db: Db, token: string): Promise<string | null> {
  const identifier = storedResetIdentifier(`${RESET_LINK_PREFIX}${token}`);
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return row?.userId ?? null;
}
