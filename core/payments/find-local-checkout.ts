import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listings } from "../../db/schema/listings";
import { paymentLogs } from "../../db/schema/payments";
import { swapProposals } from "../../db/schema/swaps";

export type LocalCheckout = {
  paymentId: string;
  amountCents: number;
  creditCents: number;
  /** The payer's own listing first, then the one they receive. */
  yourListing: string;
  theirListing: string;
  /** Whether the payer proposed the swap (their swaps are under My Swaps' Sent tab). */
  payerIsProposer: boolean;
};

/** An open local checkout as its payer sees it; anyone else (and a closed checkout) gets null. */
export async function findLocalCheckout(
  db: Db,
  { sessionId, userId }: { sessionId: string; userId: string },
): Promise<LocalCheckout | null> {
  const [payment] = await db
    .select({
      paymentId: paymentLogs.id,
      amountCents: paymentLogs.amountCents,
      creditCents: paymentLogs.creditCents,
      proposerId: swapProposals.proposerId,
      offeredListingId: swapProposals.offeredListingId,
      targetListingId: swapProposals.targetListingId,
    })
    .from(paymentLogs)
    .innerJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
    .where(
      and(
        eq(paymentLogs.checkoutSessionId, sessionId),
        eq(paymentLogs.userId, userId),
        eq(paymentLogs.provider, "local"),
        eq(paymentLogs.status, "pending"),
      ),
    );
  if (!payment) return null;
  const titles = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, [payment.offeredListingId, payment.targetListingId]));
  const title = (id: string) => titles.find((l) => l.id === id)?.title ?? "Listing";
  const proposer = payment.proposerId === userId;
  return {
    paymentId: payment.paymentId,
    amountCents: payment.amountCents,
    creditCents: payment.creditCents,
    yourListing: title(proposer ? payment.offeredListingId : payment.targetListingId),
    theirListing: title(proposer ? payment.targetListingId : payment.offeredListingId),
    payerIsProposer: proposer,
  };
}
