import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";
import type { Locality } from "../locations/localities";

/** Saves the member's suburb on their profile: distances on cards are measured from it. */
export async function setMemberLocation(db: Db, { userId, locality }: { userId: string; locality: Locality }) {
  await db
    .update(profiles)
    .set({
      location: locality.label,
      suburb: locality.suburb,
      state: locality.state,
      postcode: locality.postcode,
      latitude: locality.latitude,
      longitude: locality.longitude,
    })
    .where(eq(profiles.userId, userId));
}
