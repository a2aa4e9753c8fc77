import { and, eq, inArray, ne, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { handshakeIfPaid, markPartyPaid } from "./complete-swap-if-paid";
import {
  answerPendingSwap,
  findSwapAsParty,
  LISTING_NO_LONGER_AVAILABLE,
  refuseUnlessBothActive,
  refuseUnlessOpen,
} from "./swap-guards";

export const ONLY_RECEIVER_ACCEPTS = "Only the receiver can accept this proposal";
/** Both fees are due within this many hours of acceptance, or the swap lapses (lapse-unpaid-swaps.ts). */
export const PAYMENT_WINDOW_HOURS = 48;

/**
 * The receiver accepts a pending proposal, in one transaction: the proposal becomes accepted, both listings
 * reserved, and every other pending proposal on either listing rejected. With swap payments switched off
 * the fee is waived and the swap goes straight to the handshake (arranging).
 *
 * Race safety does not rest on the reads: each change is a conditional UPDATE ... RETURNING, so of any
 * number of accepts racing for one listing exactly one reserves it and the others roll back.
 */
export async function acceptSwap(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  { swapId, actorId }: { swapId: string; actorId: string },
): Promise<{ status: "accepted" | "arranging"; rejectedIds: string[] }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const swap = await findSwapAsParty(tx, { swapId, actorId });
    if (swap.receiverId !== actorId) throw new AppError("FORBIDDEN", ONLY_RECEIVER_ACCEPTS);
    refuseUnlessOpen(swap, now);
    await refuseUnlessBothActive(tx, swap);
    const pair = [swap.offeredListingId, swap.targetListingId];

    // Lock both listings in id order before touching any proposal. Every accept takes its locks in this
    // order, so racing accepts queue on the listing instead of deadlocking over each other's proposals.
    await tx
      .select({ id: listings.id })
      .from(listings)
      .where(inArray(listings.id, pair))
      .orderBy(listings.id)
      .for("update");

    const paymentDueAt = new Date(now.getTime() + PAYMENT_WINDOW_HOURS * 60 * 60 * 1000);
    await answerPendingSwap(tx, {
      swapId,
      actorId,
      as: "receiver",
      now,
      set: { status: "accepted", acceptedAt: now, paymentDueAt },
    });

    const reserved = await tx
      .update(listings)
      .set({ status: "reserved", updatedAt: now })
      .where(and(inArray(listings.id, pair), eq(listings.status, "active"), eq(listings.moderationStatus, "approved")))
      .returning();
    // Throwing rolls the acceptance back with it.
    if (reserved.length < 2) throw new AppError("CONFLICT", LISTING_NO_LONGER_AVAILABLE);

    const others = and(
      ne(swapProposals.id, swapId),
      eq(swapProposals.status, "pending"),
      or(inArray(swapProposals.offeredListingId, pair), inArray(swapProposals.targetListingId, pair)),
    );
    const rejected = await tx
      .update(swapProposals)
      .set({ status: "rejected", rejectionReason: LISTING_NO_LONGER_AVAILABLE, respondedAt: now, updatedAt: now })
      .where(
        and(
          others,
          // Locked in id order too, so two accepts rejecting overlapping sets cannot deadlock.
          inArray(
            swapProposals.id,
            tx
              .select({ id: swapProposals.id })
              .from(swapProposals)
              .where(others)
              .orderBy(swapProposals.id)
              .for("update"),
          ),
        ),
      )
      .returning();
    // The proposers of these are told their offer closed, as if declined.
    const rejectedIds = rejected.map((r) => r.id);
    for (const closed of rejectedIds) await recordEvent(tx, { kind: "swap.declined", subjectId: closed });
    // The thread about the listing carries on as the deal's thread.
    await recordThreadEvent(tx, { swap, kind: "accepted", actorId, now });

    if (await isFeatureEnabled(tx, "enable_swap_payments")) {
      await recordEvent(tx, { kind: "swap.accepted", subjectId: swapId });
      return { status: "accepted" as const, rejectedIds };
    }

    // Fee waived: a zero 'waived' payment per party keeps the history honest about why nobody paid.
    await tx.insert(paymentLogs).values(
      [swap.proposerId, swap.receiverId].map((userId) => ({
        swapProposalId: swapId,
        userId,
        amountCents: 0,
        creditCents: 0,
        status: "completed" as const,
        provider: "waived" as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await markPartyPaid(tx, { swapId, userId: swap.proposerId, now });
    await markPartyPaid(tx, { swapId, userId: swap.receiverId, now });
    if (!(await handshakeIfPaid(tx, { swapId, now })))
      throw new Error(`waived swap ${swapId} did not reach the handshake`);
    await recordEvent(tx, { kind: "swap.handshake", subjectId: swapId });
    return { status: "arranging" as const, rejectedIds };
  });
  await deliverAfterCommit(deps);
  return result;
}
