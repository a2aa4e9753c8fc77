import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { recordEvent } from "../events/record-event";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import { isPublicListing } from "./public-listings";

/**
 * Saves or un-saves a listing for a member; returns whether it is now a favourite.
 * Only public listings can be saved; un-saving always works (the listing may have gone since). A new favourite is a
 * new want: the swap-circle finder looks for circles through it after the commit (wants.changed, decision 108).
 */
export async function setFavourite(
  db: Db,
  { userId, listingId, favourite }: { userId: string; listingId: string; favourite: boolean },
) {
  if (!isUuid(listingId)) {
    if (!favourite) return false;
    throw new AppError("NOT_FOUND", "Listing not found");
  }
  if (!favourite) {
    await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)));
    return false;
  }
  const [visible] = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(listings.id, listingId), isPublicListing()));
  if (!visible) throw new AppError("NOT_FOUND", "Listing not found");
  await db.transaction(async (tx) => {
    const added = await tx.insert(favourites).values({ userId, listingId }).onConflictDoNothing().returning();
    if (added.length) await recordEvent(tx, { kind: "wants.changed", subjectId: userId });
  });
  return true;
}
