import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";

/**
 * The member's saved profile suburb as a location field takes it (suburb, state, postcode and its label), or
 * null when they have not saved one. Create Listing starts from it: most members list things from home.
 */
export async function findProfileSuburb(db: Db, userId: string) {
  const [row] = await db
    .select({ label: profiles.location, suburb: profiles.suburb, state: profiles.state, postcode: profiles.postcode })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row?.label || !row.suburb || !row.state || !row.postcode) return null;
  return { label: row.label, suburb: row.suburb, state: row.state, postcode: row.postcode };
}
