import { eq, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
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
 * One side of a swap by its lead listing's title, and a bundle's further listings counted ("Kayak + 1 more",
 * decision 103): what notices, e-mails and staff lists say the deal is.
 */
const sideTitle = (title: AnyPgColumn, side: "offered" | "wanted") =>
  sql<string>`${title} || coalesce((select ' + ' || (count(*) - 1) || ' more' from swap_proposal_items i
    where i.swap_proposal_id = ${swapProposals.id} and i.side = ${side} having count(*) > 1), '')`;

/**
 * A swap named by its two listings ("Cleo's drill ⇄ Painter's brush set"), as staff lists and e-mails name it;
 * the query joins `offered` and `target` (left joins where a listing may be gone).
 */
export const swapTitleColumns = {
  offeredTitle: sideTitle(offered.title, "offered"),
  targetTitle: sideTitle(target.title, "wanted"),
};

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
