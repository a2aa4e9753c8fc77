import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { AppError } from "../shared/app-error";

/**
 * Until the mailbox's owner proves it, an account may belong to someone who typed another person's address
 * (account pre-hijacking): it gains no second way in that would outlive the owner's proof. Adding a passkey, an
 * authenticator app, a linked identity or a new address all wait for the address to be confirmed.
 */
export const CONFIRM_ADDRESS_FIRST =
  "Please confirm your e-mail address first: open the link we sent you, or send a new one from the E-mail page of My Account.";

export type UnverifiedRefusal = { ok: false; status: 403; message: string };

/** The refusal for a member whose address is not confirmed yet, or null when it is. */
export async function refuseUnverifiedAddress(db: Db, userId: string): Promise<UnverifiedRefusal | null> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified ? null : { ok: false, status: 403, message: CONFIRM_ADDRESS_FIRST };
}

/** As refuseUnverifiedAddress, for a use case that throws: the same 403, as an AppError. */
export async function requireVerifiedAddress(db: Db, userId: string): Promise<void> {
  const unverified = await refuseUnverifiedAddress(db, userId);
  if (unverified) throw new AppError("FORBIDDEN", unverified.message);
}
