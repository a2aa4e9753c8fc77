import { createHash } from "node:crypto";
import { and, eq, exists, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { pendingEmailChanges } from "#db/schema/email-changes.ts";

/**
 * The one change of e-mail address an account may have waiting (pending_email_changes). Better Auth's link is a
 * signed token good for 24 hours however often it is opened; this row is what makes it single use and lets a
 * newer request, Cancel or another address change void it.
 */

export type PendingEmailChange = { newEmail: string; requestedAt: Date; expiresAt: Date };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new request replaces any earlier one (its link stops working: the hash is cleared until the new mail goes). */
export async function startPendingEmailChange(
  db: Db,
  {
    userId,
    newEmail,
    fromEmail,
    now,
    expiresAt,
  }: { userId: string; newEmail: string; fromEmail: string; now: Date; expiresAt: Date },
) {
  const row = { newEmail, fromEmail, tokenHash: null, createdAt: now, expiresAt };
  await db
    .insert(pendingEmailChanges)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: pendingEmailChanges.userId, set: row });
}

/** Called as Better Auth mails the link: from now on only this token confirms the change. */
export async function recordEmailChangeLink(
  db: Db,
  { userId, newEmail, token }: { userId: string; newEmail: string; token: string },
) {
  await db
    .update(pendingEmailChanges)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(pendingEmailChanges.userId, userId), eq(pendingEmailChanges.newEmail, newEmail.toLowerCase())));
}

/** The change waiting for its link to be opened, if any (not expired, and the account still has the address it left from). */
export async function findPendingEmailChange(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({
      newEmail: pendingEmailChanges.newEmail,
      requestedAt: pendingEmailChanges.createdAt,
      expiresAt: pendingEmailChanges.expiresAt,
    })
    .from(pendingEmailChanges)
    .innerJoin(users, eq(users.id, pendingEmailChanges.userId))
    .where(
      and(
        eq(pendingEmailChanges.userId, userId),
        gt(pendingEmailChanges.expiresAt, now),
        eq(users.email, pendingEmailChanges.fromEmail),
      ),
    );
  return row ?? null;
}

/**
 * Uses up a change-of-address link: true only for the newest link of a change still pending from the address the
 * account has now. Deleting the row is the claim, so two openings at once cannot both get through.
 */
export async function claimEmailChangeLink(
  db: Db,
  { userId, token, newEmail, fromEmail }: { userId: string; token: string; newEmail: string; fromEmail: string },
): Promise<boolean> {
  const claimed = await db
    .delete(pendingEmailChanges)
    .where(
      and(
        eq(pendingEmailChanges.userId, userId),
        eq(pendingEmailChanges.tokenHash, hashToken(token)),
        eq(pendingEmailChanges.newEmail, newEmail.toLowerCase()),
        eq(pendingEmailChanges.fromEmail, fromEmail.toLowerCase()),
        exists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.email, fromEmail.toLowerCase()))),
        ),
      ),
    )
    .returning();
  return claimed.length > 0;
}

/** Cancel: the link stops working. False when nothing was waiting. */
export async function dropPendingEmailChange(db: Db, { userId }: { userId: string }): Promise<boolean> {
  const dropped = await db.delete(pendingEmailChanges).where(eq(pendingEmailChanges.userId, userId)).returning();
  return dropped.length > 0;
}
