import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";

// A swap's two members and two listings, under the names every query that reads them joins them by.
export const proposer = alias(users, "proposer");
export const receiver = alias(users, "receiver");
export const offered = alias(listings, "offered");
export const target = alias(listings, "target");

/** How each of them joins a query of swap proposals: `.innerJoin(proposer, onSwap.proposer)`. */
export const onSwap = {
  proposer: eq(proposer.id, swapProposals.proposerId),
  receiver: eq(receiver.id, swapProposals.receiverId),
  offered: eq(offered.id, swapProposals.offeredListingId),
  target: eq(target.id, swapProposals.targetListingId),
};

/**
 * A swap named by its two listings ("Cleo's drill ⇄ Painter's brush set"), as staff lists and e-mails name it;
 * the query joins `offered` and `target` (left joins where a listing may be gone).
 */
export const swapTitleColumns = { offeredTitle: offered.title, targetTitle: target.title };

/** A swap as a staff list shows it: its state and both members by name; the query joins `proposer` and `receiver`. */
export const swapPartiesColumns = {
  id: swapProposals.id,
  status: swapProposals.status,
  createdAt: swapProposals.createdAt,
  proposerId: swapProposals.proposerId,
  proposerName: proposer.name,
  receiverId: swapProposals.receiverId,
  receiverName: receiver.name,
};
