import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { profiles } from "../../db/schema/profiles";

/** The member's own details for their account page. */
export async function findContactDetails(db: Db, userId: string) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: profiles.phone,
      location: profiles.location,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
