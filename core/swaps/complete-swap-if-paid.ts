import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { recordEvent } from "../events/record-event";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import { AppError } from "../shared/app-error";
import { dealListingIds } from "./deal-items";
import { SWAP_NOT_FOUND } from "./swap-guards";

export const NOT_AWAITING_PAYMENT = "This swap is not awaiting payment";

/**
 * The handshake: an accepted swap whose two fees are settled becomes "arranging" (contact details unlock, the two
 * arrange a time and place, then each confirms "We've swapped"; core/swaps/confirm-swapped.ts). Both listings
 * leave the market now (swapped: nobody else can propose for them) and what their owners wanted for them is no
 * longer wanted (decision 096). Call it inside the transaction that recorded the payment. Conditional, so it
 * happens exactly once however many webhooks arrive at the same time. Returns whether this call made it.
 */
export async function handshakeIfPaid(tx: Db, { swapId, now }: { swapId: string; now: Date }): Promise<boolean> {
  const [arranging] = await tx
    .update(swapProposals)
    .set({ status: "arranging", handshakeAt: now, updatedAt: now })
    .where(
      and(
        eq(swapProposals.id, swapId),
        eq(swapProposals.status, "accepted"),
        eq(swapProposals.proposerPaid, true),
        eq(swapProposals.receiverPaid, true),
      ),
    )
    .returning();
  if (!arranging) return false;
  const deal = await dealListingIds(tx, swapId);
  await tx
    .update(listings)
    .set({ status: "swapped", updatedAt: now })
    .where(and(inArray(listings.id, deal), eq(listings.status, "reserved")));
  // The deal's listings are promised: what their owners would have swapped them for is no longer wanted.
  for (const listingId of deal) await keepSavedSearchesInStep(tx, listingId);
  return true;
}

/**
 * A party has settled their handshake fee, inside the transaction that recorded the payment: marks it, makes the
 * handshake if both now have, and records which of the two happened (swap.handshake tells both parties and shares
 * their details; swap.paid tells the other it is their turn). Returns whether this payment made the handshake.
 */
export async function settlePartyFee(
  tx: Db,
  { swapId, userId, now }: { swapId: string; userId: string; now: Date },
): Promise<boolean> {
  await markPartyPaid(tx, { swapId, userId, now });
  const handshake = await handshakeIfPaid(tx, { swapId, now });
  await recordEvent(tx, { kind: handshake ? "swap.handshake" : "swap.paid", subjectId: swapId, payload: { userId } });
  const [swap] = await tx
    .select({
      id: swapProposals.id,
      targetListingId: swapProposals.targetListingId,
      proposerId: swapProposals.proposerId,
      receiverId: swapProposals.receiverId,
    })
    .from(swapProposals)
    .where(eq(swapProposals.id, swapId));
  // `completed` (the payload's old name) marks the payment that made the handshake.
  await recordThreadEvent(tx, { swap, kind: "paid", actorId: userId, payload: { completed: handshake }, now });
  return handshake;
}

/**
 * Records that `userId` has settled their handshake fee for an accepted swap. Returns which side they are.
 * Someone who is not a party is told the swap does not exist; a swap that is not accepted cannot be paid.
 */
export async function markPartyPaid(
  tx: Db,
  { swapId, userId, now }: { swapId: string; userId: string; now?: Date },
): Promise<"proposer" | "receiver"> {
  const [row] = await tx
    .update(swapProposals)
    .set({
      proposerPaid: sql`case when ${swapProposals.proposerId} = ${userId} then true else ${swapProposals.proposerPaid} end`,
      receiverPaid: sql`case when ${swapProposals.receiverId} = ${userId} then true else ${swapProposals.receiverPaid} end`,
      ...(now ? { updatedAt: now } : {}),
    })
    .where(
      and(
        eq(swapProposals.id, swapId),
        eq(swapProposals.status, "accepted"),
        or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId)),
      ),
    )
    .returning();
  if (row) return row.proposerId === userId ? "proposer" : "receiver";

  const [party] = await tx
    .select({ id: swapProposals.id })
    .from(swapProposals)
    .where(
      and(eq(swapProposals.id, swapId), or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId))),
    );
  if (!party) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  throw new AppError("CONFLICT", NOT_AWAITING_PAYMENT);
}
