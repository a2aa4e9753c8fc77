import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { type Locality, locationColumns } from "../locations/localities";

/** Saves the member's suburb on their profile: distances on cards are measured from it. */
export async function setMemberLocation(db: Db, { userId, locality }: { userId: string; locality: Locality }) {
  await db.update(profiles).set(locationColumns(locality)).where(eq(profiles.userId, userId));
}
