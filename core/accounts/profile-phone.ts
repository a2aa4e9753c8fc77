import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { samePhone } from "../sms/phone-number";

/**
 * The profile columns for a phone typed anywhere but the confirmation itself (the profile form, the Pay step): the
 * same number written another way keeps the stored one (returned as it is) and its confirmation; a different number (or none) clears
 * phone_confirmed_at, because the text code proved the old number only. Call inside the change's transaction: it
 * locks the profile row, so a confirmation landing at the same moment is not undone unseen.
 */
export async function phoneColumns(
  tx: Db,
  { userId, phone }: { userId: string; phone: string | null },
): Promise<Pick<typeof profiles.$inferInsert, "phone" | "phoneConfirmedAt">> {
  const [current] = await tx
    .select({ phone: profiles.phone })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (current && samePhone(current.phone, phone)) return { phone: current.phone };
  return { phone, phoneConfirmedAt: null };
}
