import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";

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

export type LocalPayment = {
  id: string;
  status: string;
  amountCents: number;
  creditCents: number;
  payerIsProposer: boolean;
  offeredListingId: string;
  targetListingId: string;
  open: boolean;
};

/**
 * A local checkout session's payment and whether it can still take a card. Like a hosted checkout, a
 * declined card leaves the session open for another try (the payment row says `failed` meanwhile, and a
 * later success completes it, decision 044). It is closed once the payer has a newer checkout for the swap
 * (the old tab's page), once this party has paid, once the swap is no longer waiting for payment or its
 * deadline has passed, and once the payment is owed back. `userId` narrows it to the payer.
 */
export async function findLocalPayment(
  db: Db,
  { sessionId, userId, now }: { sessionId: string; userId?: string; now: Date },
): Promise<LocalPayment | null> {
  const [payment] = await db
    .select({
      id: paymentLogs.id,
      status: paymentLogs.status,
      amountCents: paymentLogs.amountCents,
      creditCents: paymentLogs.creditCents,
      refundReason: paymentLogs.refundReason,
      userId: paymentLogs.userId,
      swapId: swapProposals.id,
      swapStatus: swapProposals.status,
      paymentDueAt: swapProposals.paymentDueAt,
      proposerId: swapProposals.proposerId,
      proposerPaid: swapProposals.proposerPaid,
      receiverPaid: swapProposals.receiverPaid,
      offeredListingId: swapProposals.offeredListingId,
      targetListingId: swapProposals.targetListingId,
    })
    .from(paymentLogs)
    .innerJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
    .where(
      and(
        eq(paymentLogs.checkoutSessionId, sessionId),
        eq(paymentLogs.provider, "local"),
        userId ? eq(paymentLogs.userId, userId) : undefined,
      ),
    );
  if (!payment) return null;
  const [newest] = await db
    .select({ id: paymentLogs.id })
    .from(paymentLogs)
    .where(and(eq(paymentLogs.swapProposalId, payment.swapId), eq(paymentLogs.userId, payment.userId)))
    .orderBy(desc(paymentLogs.createdAt), desc(paymentLogs.id))
    .limit(1);
  const payerIsProposer = payment.userId === payment.proposerId;
  const paid = payerIsProposer ? payment.proposerPaid : payment.receiverPaid;
  const open =
    (payment.status === "pending" || payment.status === "failed") &&
    payment.refundReason === null &&
    newest?.id === payment.id &&
    payment.swapStatus === "accepted" &&
    !paid &&
    (payment.paymentDueAt === null || payment.paymentDueAt > now);
  return {
    id: payment.id,
    status: payment.status,
    amountCents: payment.amountCents,
    creditCents: payment.creditCents,
    payerIsProposer,
    offeredListingId: payment.offeredListingId,
    targetListingId: payment.targetListingId,
    open,
  };
}

/** An open local checkout as its payer sees it; anyone else (and a closed checkout) gets null. */
export async function findLocalCheckout(
  db: Db,
  { sessionId, userId, now }: { sessionId: string; userId: string; now: Date },
): Promise<LocalCheckout | null> {
  const payment = await findLocalPayment(db, { sessionId, userId, now });
  if (!payment?.open) return null;
  const titles = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, [payment.offeredListingId, payment.targetListingId]));
  const title = (id: string) => titles.find((l) => l.id === id)?.title ?? "Listing";
  const proposer = payment.payerIsProposer;
  return {
    paymentId: payment.id,
    amountCents: payment.amountCents,
    creditCents: payment.creditCents,
    yourListing: title(proposer ? payment.offeredListingId : payment.targetListingId),
    theirListing: title(proposer ? payment.targetListingId : payment.offeredListingId),
    payerIsProposer: proposer,
  };
}
