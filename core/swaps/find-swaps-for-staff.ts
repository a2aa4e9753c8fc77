import { and, count, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { SWAP_STATUSES, swapProposals } from "#db/schema/swaps.ts";
import { newestFirst, pageOf } from "../shared/keyset-cursor";
import {
  offered,
  onSwap,
  proposer,
  receiver,
  swapPartiesColumns,
  swapTitleColumns,
  target,
} from "../shared/swap-columns";

/** The spec: the Swaps page lists up to 100 proposals, newest first (further pages by keyset). */
export const STAFF_SWAPS_PAGE_SIZE = 100;

/** open: under dispute now; resolved: had a dispute that an admin resolved; none: never disputed. */
export const DISPUTE_FILTERS = ["open", "resolved", "none"] as const;
export type DisputeFilter = (typeof DISPUTE_FILTERS)[number];

export type StaffSwapFilters = { status?: string; dispute?: string; cursor?: string | null };

function disputeWhere(filter: string | undefined): SQL | undefined {
  if (filter === "open") return eq(swapProposals.isDisputed, true);
  if (filter === "resolved")
    return and(eq(swapProposals.isDisputed, false), isNotNull(swapProposals.disputeResolvedAt));
  if (filter === "none") return and(eq(swapProposals.isDisputed, false), isNull(swapProposals.disputeNotes));
  return undefined;
}

/** The filters as one condition, shared by the page and its count so the two always agree. */
function swapWhere(filters: StaffSwapFilters): SQL | undefined {
  const status = (SWAP_STATUSES as readonly string[]).includes(filters.status ?? "") ? filters.status : undefined;
  const dispute = (DISPUTE_FILTERS as readonly string[]).includes(filters.dispute ?? "") ? filters.dispute : undefined;
  return and(status ? eq(swapProposals.status, status as "pending") : undefined, disputeWhere(dispute));
}

/** How many swaps match the filters in all pages (the Swaps page's total). */
export async function countSwapsForStaff(db: Db, filters: StaffSwapFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(swapProposals).where(swapWhere(filters));
  return Number(row?.n ?? 0);
}

/**
 * Every swap proposal for the back office, newest first, a page at a time (keyset on created_at, id): both
 * parties, both listings' titles, who has paid and whether it is under dispute. Filters: status and dispute.
 */
export async function findSwapsForStaff(db: Db, filters: StaffSwapFilters, limit = STAFF_SWAPS_PAGE_SIZE) {
  const keyset = newestFirst(swapProposals, filters.cursor);
  const rows = await db
    .select({
      ...swapPartiesColumns,
      ...swapTitleColumns,
      proposerPaid: swapProposals.proposerPaid,
      receiverPaid: swapProposals.receiverPaid,
      isDisputed: swapProposals.isDisputed,
      disputeResolvedAt: swapProposals.disputeResolvedAt,
    })
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .innerJoin(offered, onSwap.offered)
    .innerJoin(target, onSwap.target)
    .where(and(swapWhere(filters), keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { swaps: page, nextCursor };
}
