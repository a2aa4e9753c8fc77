import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { isUuid } from "../shared/ids";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

/**
 * One listing for its page: public listings for everyone; the owner also sees their own reserved or
 * swapped listing and their active one held for review, and the other party of the accepted or completed swap
 * a reserved or swapped listing is in sees it too (My Swaps links both items). Deleted, cancelled and suspended
 * owners' listings are not found.
 */
export async function findListing(db: Db, { id, viewer = {} }: { id: string; viewer?: Viewer }) {
  if (!isUuid(id)) return null;
  const ownView = viewer.userId
    ? or(
        and(eq(listings.userId, viewer.userId), inArray(listings.status, ["active", "reserved", "swapped"])),
        and(
          inArray(listings.status, ["reserved", "swapped"]),
          // Any listing of the deal, a bundle's extras too (decision 103).
          sql`exists (select 1 from ${swapProposals} s join swap_proposal_items i on i.swap_proposal_id = s.id
            where s.status in ('accepted', 'arranging', 'completed') and i.listing_id = ${listings.id}
            and (s.proposer_id = ${viewer.userId} or s.receiver_id = ${viewer.userId}))`,
        ),
      )
    : undefined;
  const [row] = await db
    .select({
      ...listingCardColumns(viewer),
      description: listings.description,
      wants: listings.wants,
      wantsCategories: listings.wantsCategories,
      vehicleId: listings.vehicleId,
      suburb: listings.suburb,
      state: listings.state,
      postcode: listings.postcode,
      ownerSince: users.createdAt,
      // The owner's picture in "Listed by" (N12); profile changes already refresh visitors' shared copies.
      ownerAvatarUrl: profiles.avatarUrl,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(listings.id, id), ownView ? (or(isPublicListing(), ownView) as SQL) : isPublicListing()));
  return row ?? null;
}
