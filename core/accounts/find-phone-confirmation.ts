import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { phoneConfirmations } from "#db/schema/phone-confirmations.ts";
import { profiles } from "#db/schema/profiles.ts";

export type PhoneConfirmationState = {
  /** The profile's phone, and when it was confirmed by a text code (null: not confirmed). */
  phone: string | null;
  confirmedAt: Date | null;
  /** A code sent and still usable: the number it went to and when it stops working. Never the code. */
  pending: { phone: string; expiresAt: Date } | null;
};

/** The member's own phone confirmation, for "Confirm your phone" on their profile page. */
export async function findPhoneConfirmation(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<PhoneConfirmationState> {
  const [profile] = await db
    .select({ phone: profiles.phone, confirmedAt: profiles.phoneConfirmedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const [pending] = await db
    .select({ phone: phoneConfirmations.phone, expiresAt: phoneConfirmations.expiresAt })
    .from(phoneConfirmations)
    .where(eq(phoneConfirmations.userId, userId));
  return {
    phone: profile?.phone ?? null,
    confirmedAt: profile?.confirmedAt ?? null,
    pending: pending && pending.expiresAt > now ? pending : null,
  };
}
