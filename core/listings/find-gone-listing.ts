import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { shownNameSql } from "../members/shown-name-sql";
import { isUuid } from "../shared/ids";
import { isGoneListing } from "./gone-listings";

/** Why a listing's address no longer shows the listing: "swapped", or "gone" (deleted, or reserved in a swap). */
export type GoneReason = "swapped" | "gone";

/**
 * A listing that has left the site the ordinary way keeps its address (decision 092): swapped, deleted by its
 * owner, or reserved in an accepted swap. What its page may still say is what anyone could read while it was
 * listed: the title, the category, where it was, whose it was (for "More from this member"), never its pictures
 * (private once it is not public: find-picture-access.ts) nor its description. Which listings: isGoneListing.
 */
export async function findGoneListing(db: Db, { id }: { id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      category: listings.category,
      status: listings.status,
      location: listings.location,
      state: listings.state,
      latitude: listings.latitude,
      longitude: listings.longitude,
      ownerId: listings.userId,
      ownerName: sql<string>`coalesce(${shownNameSql(users.name, profiles.nameDisplay)}, '')`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(listings.id, id), isGoneListing()));
  if (!row) return null;
  const reason: GoneReason = row.status === "swapped" ? "swapped" : "gone";
  return { ...row, reason };
}
