import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { isUuid } from "../shared/ids";

/**
 * The member's own pending proposal for a listing, if they made one: the listing page then says so and points
 * to My Swaps, instead of offering a second proposal that would be refused.
 */
export async function findPendingProposalForListing(
  db: Db,
  { proposerId, listingId }: { proposerId: string; listingId: string },
) {
  if (!isUuid(listingId)) return null;
  const [row] = await db
    .select({ id: swapProposals.id, offeredListingId: swapProposals.offeredListingId })
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.targetListingId, listingId),
        eq(swapProposals.proposerId, proposerId),
        eq(swapProposals.status, "pending"),
      ),
    )
    .orderBy(desc(swapProposals.createdAt))
    .limit(1);
  return row ?? null;
}
