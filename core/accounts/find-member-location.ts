import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";

/** The member's profile suburb with its coordinates, or null when they have not set one. */
export async function findMemberLocation(db: Db, userId: string) {
  const [row] = await db
    .select({ label: profiles.location, latitude: profiles.latitude, longitude: profiles.longitude })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row || row.latitude == null || row.longitude == null || !row.label) return null;
  return { label: row.label, latitude: row.latitude, longitude: row.longitude };
}
