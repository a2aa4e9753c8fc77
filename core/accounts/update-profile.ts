import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { NAME_DISPLAYS, type NameDisplay, profiles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { describeIssues } from "../shared/describe-issues";
import { enforceAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";
import { fullNameSchema } from "../auth/credentials-schema";
import { phoneColumns } from "./profile-phone";
import { type ContactInput, readContactDetails } from "./update-contact-details";

export const CHOOSE_NAME_DISPLAY = "Choose how your name is shown";

/**
 * A member's own profile: their full name (the spec's name rules, as at sign-up), phone, suburb and how their name is
 * shown to others ("Sam T." or in full, decision 094; unchanged when not sent), saved together
 * in one transaction or not at all. The name lives on the users row Better Auth reads for every session (no
 * cookie cache), so the next page already shows the new one.
 */
export async function updateProfile(
  deps: { db: Db; clock: Clock },
  {
    userId,
    fullName,
    nameDisplay,
    ...contact
  }: ContactInput & { userId: string; fullName: unknown; nameDisplay?: unknown },
  meta: RequestMeta,
): Promise<void> {
  const name = fullNameSchema.safeParse(fullName);
  if (!name.success) throw new AppError("VALIDATION", describeIssues(name.error).first, { field: "fullName" });
  const set = readContactDetails(contact);
  if (nameDisplay !== undefined && nameDisplay !== "" && !NAME_DISPLAYS.includes(nameDisplay as NameDisplay))
    throw new AppError("VALIDATION", CHOOSE_NAME_DISPLAY, { field: "nameDisplay" });
  const display = nameDisplay ? { nameDisplay: nameDisplay as NameDisplay } : {};
  await enforceAccountLimit(deps, { action: "profile_change", subject: userId, userId }, meta);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ name: name.data, updatedAt: now }).where(eq(users.id, userId));
    // A different number loses its confirmation (decision 095); the same one written another way keeps it.
    const phone = await phoneColumns(tx, { userId, phone: set.phone ?? null });
    await tx
      .update(profiles)
      .set({ ...set, ...phone, ...display, updatedAt: now })
      .where(eq(profiles.userId, userId));
  });
}
