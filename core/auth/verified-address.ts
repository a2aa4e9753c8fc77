import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";

/**
 * Until the mailbox's owner proves it, an account may belong to someone who typed another person's address
 * (account pre-hijacking): it gains no second way in that would outlive the owner's proof. Adding a passkey, an
 * authenticator app, a linked identity or a new address all wait for the address to be confirmed.
 */
export const CONFIRM_ADDRESS_FIRST =
  "Please confirm your e-mail address first: open the link we sent you, or send a new one from the E-mail page of My Account.";

/** Whether the member has proved their mailbox (a link, a code or a reset from it). */
export async function isAddressVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified === true;
}

/** Refuses (403) a member whose address is not confirmed yet. */
export async function requireVerifiedAddress(db: Db, userId: string): Promise<void> {
  if (!(await isAddressVerified(db, userId))) throw new AppError("FORBIDDEN", CONFIRM_ADDRESS_FIRST);
}
