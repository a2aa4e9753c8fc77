import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { isUuid } from "../shared/ids";
import { listingItemColumns } from "./listing-item-columns";

/**
 * The owner's own listing as the edit form needs it, in any state but deleted (the page explains why a reserved
 * or swapped one cannot change). Someone else's listing is not found, exactly like a missing one.
 */
export async function findListingToEdit(db: Db, { id, ownerId }: { id: string; ownerId: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...listingItemColumns,
      suburb: listings.suburb,
      state: listings.state,
      postcode: listings.postcode,
      images: listings.images,
      status: listings.status,
      vehicleId: listings.vehicleId,
    })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, ownerId), ne(listings.status, "deleted")));
  return row ?? null;
}
