import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { savedSearches, savedSearchMatches } from "#db/schema/saved-searches.ts";
import { recordEvent } from "../events/record-event";
import { MAX_NAME_LENGTH } from "./saved-search-rules";
import { matchExistingListings } from "./match-existing-listings";
import { queryOf, termsOf } from "./search-terms";

/**
 * Called in the transaction of every change to a listing (create, edit, delete): its "What I'd swap it for" is
 * kept as the owner's saved search (source listing_wants; one per listing; its pause and frequency survive
 * edits; gone when the wants are cleared or the listing deleted), and a listing the public can see is matched
 * against everyone's saved searches once the transaction commits (the listing.published event, core/events).
 */
export async function keepSavedSearchesInStep(tx: Db, listingId: string): Promise<void> {
  const [listing] = await tx
    .select({
      userId: listings.userId,
      title: listings.title,
      wants: listings.wants,
      wantsCategories: listings.wantsCategories,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) return;
  // Only a listing still on offer wants anything: swapped, deleted or cancelled, its want goes. One reserved in an
  // accepted swap keeps it (the swap may lapse), but matches nothing while reserved (matchListing's rule).
  const onOffer = listing.status === "active" || listing.status === "reserved";
  // A want with no word a search can use ("?", "the") and no category would match everything: it is no want.
  // (No words or not on offer: nothing to stem.)
  const terms = onOffer && listing.wants.trim() ? await termsOf(tx, listing.wants, { alternatives: true }) : [];
  const wanted = onOffer && (terms.length > 0 || listing.wantsCategories.length > 0);
  const [existing] = await tx
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.listingId, listingId), eq(savedSearches.source, "listing_wants")));
  if (!wanted) {
    if (existing) await tx.delete(savedSearches).where(eq(savedSearches.id, existing.id));
  } else {
    const name = `Swap for “${listing.title}”`;
    const values = {
      name: name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 2)}…”` : name,
      // The words live on the listing (up to 500 characters, more than a search's q): matching reads them there.
      terms,
      query: queryOf(listing.wants, { alternatives: true }),
      categories: listing.wantsCategories,
    };
    let id = existing?.id;
    if (id) {
      await tx.update(savedSearches).set(values).where(eq(savedSearches.id, id));
      // What the old words matched is no longer wanted: matched again below against what is listed now.
      await tx.delete(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
    } else
      [{ id }] = await tx
        .insert(savedSearches)
        .values({ ...values, userId: listing.userId, source: "listing_wants", listingId })
        .returning();
    await matchExistingListings(tx, id);
  }
  if (listing.status === "active" && listing.moderationStatus === "approved")
    await recordEvent(tx, { kind: "listing.published", subjectId: listingId });
}
