import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";

// Refusals shared by the swap use cases, and the one way they find a proposal for one of its parties.
export const SWAP_NOT_FOUND = "Swap proposal not found";
export const NOT_PENDING = "This proposal is no longer pending";
export const PROPOSAL_EXPIRED = "This proposal has expired";
export const LISTING_NO_LONGER_AVAILABLE = "Listing no longer available";
/** A counter-offer is answered by the other party, not by the one who made it (decision 103). */
export const YOUR_OWN_OFFER = "You made this offer: it is the other member's turn to answer it";
export const MEMBER_NOT_ACTIVE = "This swap can't go ahead: the other member's account is no longer active.";

// core/payments/replay-payment-webhooks.ts still imports isUuid from here; it is being rewritten in another
// change (issue 25, change 1), which takes its import from core/shared/ids.ts. Remove this line then.
export { isUuid };

/**
 * The proposal as one of its two parties sees it. Anyone else is told it does not exist, exactly as for
 * a missing id, so a stranger learns nothing.
 */
export async function findSwapAsParty(db: Db, { swapId, actorId }: { swapId: string; actorId: string }) {
  if (!isUuid(swapId)) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  const [swap] = await db
    .select({
      id: swapProposals.id,
      status: swapProposals.status,
      proposerId: swapProposals.proposerId,
      receiverId: swapProposals.receiverId,
      offeredListingId: swapProposals.offeredListingId,
      targetListingId: swapProposals.targetListingId,
      expiresAt: swapProposals.expiresAt,
      offerById: swapProposals.offerById,
      counterRound: swapProposals.counterRound,
    })
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.id, swapId),
        or(eq(swapProposals.proposerId, actorId), eq(swapProposals.receiverId, actorId)),
      ),
    );
  if (!swap) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  return swap;
}

/**
 * The proposal's whole row for one of its parties, locked for the rest of the transaction: whatever changes a swap
 * (paying, arranging, confirming) takes this lock first, so that concurrent steps queue and each sees the one
 * before it. Anyone else is told it does not exist, and locks nothing.
 */
export async function lockSwapAsParty(tx: Db, { swapId, actorId }: { swapId: string; actorId: string }) {
  if (!isUuid(swapId)) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  const [swap] = await tx
    .select()
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.id, swapId),
        or(eq(swapProposals.proposerId, actorId), eq(swapProposals.receiverId, actorId)),
      ),
    )
    .for("update");
  if (!swap) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  return swap;
}

/**
 * Counter-offers (decision 103): the party who made the offer on the table (the proposer, until a counter), and the
 * party who answers it (accepts, declines or counters). Without a counter these are the proposer and the receiver.
 */
export function offerMaker(swap: { proposerId: string; offerById: string | null }) {
  return swap.offerById ?? swap.proposerId;
}
export function offerAnswerer(swap: { proposerId: string; receiverId: string; offerById: string | null }) {
  return offerMaker(swap) === swap.proposerId ? swap.receiverId : swap.proposerId;
}

/** Throws the refusal for a proposal that can no longer be answered; an expired one says so even if no job ran. */
export function refuseUnlessOpen(swap: { status: string; expiresAt: Date }, now: Date) {
  if (swap.status === "expired" || (swap.status === "pending" && swap.expiresAt <= now)) {
    throw new AppError("CONFLICT", PROPOSAL_EXPIRED);
  }
  if (swap.status !== "pending") throw new AppError("CONFLICT", NOT_PENDING);
}

/**
 * After a conditional update matched nothing: read the row again (a new snapshot, so it shows what the
 * winner of a race committed) and throw the refusal that explains it.
 */
export async function explainClosedSwap(db: Db, { swapId, now }: { swapId: string; now: Date }): Promise<never> {
  const [swap] = await db
    .select({ status: swapProposals.status, expiresAt: swapProposals.expiresAt })
    .from(swapProposals)
    .where(eq(swapProposals.id, swapId));
  if (!swap) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  refuseUnlessOpen(swap, now);
  throw new AppError("CONFLICT", NOT_PENDING);
}

/**
 * Moves a proposal out of "pending" for one of its parties (the one who answers the offer on the table, or the one
 * who made it), conditionally: only while it is still pending and
 * unexpired, so of two racing answers (accept and decline, decline and withdraw) exactly one lands. When it
 * no longer is, says why (expired or already answered) by throwing.
 */
export async function answerPendingSwap(
  tx: Db,
  {
    swapId,
    actorId,
    as,
    set,
    now,
  }: { swapId: string; actorId: string; as: "answerer" | "maker"; now: Date; set: SwapAnswer },
) {
  // Who made the offer on the table (decision 103): the proposer, or the party whose counter it is.
  const maker = sql`coalesce(${swapProposals.offerById}, ${swapProposals.proposerId})`;
  const party =
    as === "maker"
      ? maker
      : sql`case when ${maker} = ${swapProposals.proposerId} then ${swapProposals.receiverId} else ${swapProposals.proposerId} end`;
  const [answered] = await tx
    .update(swapProposals)
    .set({ ...set, respondedAt: now, updatedAt: now })
    .where(
      and(
        eq(swapProposals.id, swapId),
        eq(party, actorId),
        eq(swapProposals.status, "pending"),
        gt(swapProposals.expiresAt, now),
      ),
    )
    .returning();
  if (!answered) await explainClosedSwap(tx, { swapId, now });
  return answered;
}

type SwapAnswer = { status: "accepted" | "rejected" | "withdrawn"; acceptedAt?: Date; paymentDueAt?: Date };

/**
 * A swap goes ahead only between two active members: a suspended or deleted member's offer can no longer be
 * accepted, nor paid for (the other side would pay for a swap that can never complete).
 */
export async function refuseUnlessBothActive(db: Db, swap: { proposerId: string; receiverId: string }) {
  const active = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(
        inArray(profiles.userId, [swap.proposerId, swap.receiverId]),
        eq(profiles.status, "active"),
        isNull(profiles.deletedAt),
      ),
    );
  if (active.length < 2) throw new AppError("CONFLICT", MEMBER_NOT_ACTIVE);
}
