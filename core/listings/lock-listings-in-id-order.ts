import { inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";

/**
 * Locks a deal's listings for the rest of the transaction, in id order: the one global order every acceptance (a
 * swap's, a circle's) takes them in, so racing acceptances queue on a shared listing instead of deadlocking.
 */
export async function lockListingsInIdOrder(tx: Db, listingIds: string[]): Promise<void> {
  await tx
    .select({ id: listings.id })
    .from(listings)
    .where(inArray(listings.id, listingIds))
    .orderBy(listings.id)
    .for("update");
}
