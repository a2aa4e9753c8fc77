import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircleLegs } from "#db/schema/swap-circles.ts";
import { swapProposalItems, swapProposals } from "#db/schema/swaps.ts";

export { MAX_OFFERED_LISTINGS, MAX_WANTED_LISTINGS } from "./bundle-limits";

/** The listings of one deal, by side, lead first (the lead is also on the proposal row). */
export type DealItems = { offered: string[]; wanted: string[] };

/** Every listing of a swap, in id order: the order every change locks them in, so racing changes queue. */
export async function dealListingIds(tx: Db, swapId: string): Promise<string[]> {
  const rows = await tx
    .select({ listingId: swapProposalItems.listingId })
    .from(swapProposalItems)
    .where(eq(swapProposalItems.swapProposalId, swapId))
    .orderBy(asc(swapProposalItems.listingId));
  return rows.map((r) => r.listingId);
}

/** The deals of these swaps, by side and position (for the cards and the deal screen). */
export async function dealItemsOf(db: Db, swapIds: string[]): Promise<Map<string, DealItems>> {
  const deals = new Map<string, DealItems>();
  if (swapIds.length === 0) return deals;
  const rows = await db
    .select()
    .from(swapProposalItems)
    .where(inArray(swapProposalItems.swapProposalId, swapIds))
    .orderBy(asc(swapProposalItems.position));
  for (const row of rows) {
    const deal = deals.get(row.swapProposalId) ?? { offered: [], wanted: [] };
    deal[row.side].push(row.listingId);
    deals.set(row.swapProposalId, deal);
  }
  return deals;
}

/** Writes a deal's listings (a new proposal, or a counter-offer replacing the set), in the caller's transaction. */
export async function writeDealItems(tx: Db, swapId: string, deal: DealItems) {
  await tx.delete(swapProposalItems).where(eq(swapProposalItems.swapProposalId, swapId));
  await tx.insert(swapProposalItems).values([
    ...deal.offered.map((listingId, position) => ({
      swapProposalId: swapId,
      listingId,
      side: "offered" as const,
      position,
    })),
    ...deal.wanted.map((listingId, position) => ({
      swapProposalId: swapId,
      listingId,
      side: "wanted" as const,
      position,
    })),
  ]);
}

/** The proposals (of any status) that hold any of these listings, on either side: a condition on swap_proposals. */
export function holdsAnyOf(listingIds: string[]) {
  return inArray(
    swapProposals.id,
    sql`(select ${swapProposalItems.swapProposalId} from ${swapProposalItems} where ${inArray(swapProposalItems.listingId, listingIds)})`,
  );
}

/**
 * Which of these listings any swap or swap circle, whatever its status, ever held: that history keeps the listing's
 * row (tombstoned, never deleted; a circle's legs would refuse the delete).
 */
export async function listingsWithSwapHistory(tx: Db, listingIds: string[]): Promise<Set<string>> {
  if (listingIds.length === 0) return new Set();
  const rows = await tx
    .select({ listingId: swapProposalItems.listingId })
    .from(swapProposalItems)
    .where(inArray(swapProposalItems.listingId, listingIds))
    .union(
      tx
        .select({ listingId: swapCircleLegs.listingId })
        .from(swapCircleLegs)
        .where(inArray(swapCircleLegs.listingId, listingIds)),
    );
  return new Set(rows.map((r) => r.listingId));
}

/** Pending proposals that hold any of these listings, other than `exceptId`: what an accept declines. */
export function otherPendingHolding(listingIds: string[], exceptId: string) {
  return and(sql`${swapProposals.id} <> ${exceptId}`, eq(swapProposals.status, "pending"), holdsAnyOf(listingIds));
}
