import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";

/**
 * A member's account and profile as "Download my data" lists them (no secrets), or null when there is no such
 * member. The profile is left-joined: its fields are null for a member without a profile row.
 */
export async function findMemberRecord(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      phone: profiles.phone,
      // When the phone was confirmed by a text code (decision 095); null when it is not.
      phoneConfirmedAt: profiles.phoneConfirmedAt,
      location: profiles.location,
      avatarUrl: profiles.avatarUrl,
      status: profiles.status,
      suspendedAt: profiles.suspendedAt,
      suspensionReason: profiles.suspensionReason,
      deletedAt: profiles.deletedAt,
      permanentDeletionAt: profiles.permanentDeletionAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
