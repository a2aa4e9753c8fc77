import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { dealItemsOf } from "../swaps/deal-items";
import { type FeeDeal, paymentsOf } from "./fee-deal";

export type LocalCheckout = {
  paymentId: string;
  amountCents: number;
  creditCents: number;
  /** The payer's own listing first, then the one they receive. */
  yourListing: string;
  theirListing: string;
  /** Where the payer goes back to: the My Swaps tab the deal is on (a proposer's swaps are under Sent). */
  back: string;
};

export type LocalPayment = {
  id: string;
  status: string;
  amountCents: number;
  creditCents: number;
  userId: string;
  deal: FeeDeal;
  open: boolean;
};

/**
 * A local checkout session's payment and whether it can still take a card. Like a hosted checkout, a
 * declined card leaves the session open for another try (the payment row says `failed` meanwhile, and a
 * later success completes it, decision 044). It is closed once the payer has a newer checkout for the deal
 * (the old tab's page), once this party has paid, once the deal (a swap or a circle) is no longer waiting for
 * payment or its deadline has passed, and once the payment is owed back. `userId` narrows it to the payer.
 */
export async function findLocalPayment(
  db: Db,
  { sessionId, userId, now }: { sessionId: string; userId?: string; now: Date },
): Promise<LocalPayment | null> {
  const [payment] = await db
    .select()
    .from(paymentLogs)
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
    .where(and(paymentsOf(payment), eq(paymentLogs.userId, payment.userId)))
    .orderBy(desc(paymentLogs.createdAt), desc(paymentLogs.id))
    .limit(1);
  const open =
    (payment.status === "pending" || payment.status === "failed") &&
    payment.refundReason === null &&
    newest?.id === payment.id &&
    (await waitsForThisFee(db, payment, now));
  return {
    id: payment.id,
    status: payment.status,
    amountCents: payment.amountCents,
    creditCents: payment.creditCents,
    userId: payment.userId,
    deal: { swapProposalId: payment.swapProposalId, swapCircleId: payment.swapCircleId },
    open,
  };
}

/** Whether the deal still waits for this member's fee: accepted, its deadline ahead, and their fee not counted. */
async function waitsForThisFee(db: Db, payment: FeeDeal & { userId: string }, now: Date): Promise<boolean> {
  if (payment.swapCircleId) {
    const [row] = await db
      .select({ status: swapCircles.status, paymentDueAt: swapCircles.paymentDueAt, paidAt: swapCircleLegs.paidAt })
      .from(swapCircles)
      .innerJoin(
        swapCircleLegs,
        and(eq(swapCircleLegs.circleId, swapCircles.id), eq(swapCircleLegs.giverId, payment.userId)),
      )
      .where(eq(swapCircles.id, payment.swapCircleId));
    return !!row && row.status === "accepted" && row.paidAt === null && (!row.paymentDueAt || row.paymentDueAt > now);
  }
  const [swap] = await db
    .select()
    .from(swapProposals)
    .where(eq(swapProposals.id, payment.swapProposalId ?? ""));
  if (!swap) return false;
  const paid = swap.proposerId === payment.userId ? swap.proposerPaid : swap.receiverPaid;
  return swap.status === "accepted" && !paid && (swap.paymentDueAt === null || swap.paymentDueAt > now);
}

/** An open local checkout as its payer sees it; anyone else (and a closed checkout) gets null. */
export async function findLocalCheckout(
  db: Db,
  { sessionId, userId, now }: { sessionId: string; userId: string; now: Date },
): Promise<LocalCheckout | null> {
  const payment = await findLocalPayment(db, { sessionId, userId, now });
  if (!payment?.open) return null;
  const sides = await sidesOf(db, payment);
  const titles = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, [...sides.yours, ...sides.theirs]));
  const title = (ids: string[]) => ids.map((id) => titles.find((l) => l.id === id)?.title ?? "Listing").join(" + ");
  return {
    paymentId: payment.id,
    amountCents: payment.amountCents,
    creditCents: payment.creditCents,
    yourListing: title(sides.yours),
    theirListing: title(sides.theirs),
    back: sides.back,
  };
}

/** What the payer gives and gets in the deal: every listing of a swap's side (a bundle's too, decision 103), or
 *  in a circle the listing they give and the one they get. */
async function sidesOf(db: Db, payment: LocalPayment): Promise<{ yours: string[]; theirs: string[]; back: string }> {
  const circleId = payment.deal.swapCircleId;
  if (circleId) {
    const legs = await db.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, circleId));
    const yours = legs.filter((leg) => leg.giverId === payment.userId).map((leg) => leg.listingId);
    const theirs = legs.filter((leg) => leg.receiverId === payment.userId).map((leg) => leg.listingId);
    return { yours, theirs, back: "/my-swaps" };
  }
  const swapId = payment.deal.swapProposalId ?? "";
  const [swap] = await db
    .select({
      proposerId: swapProposals.proposerId,
      offeredListingId: swapProposals.offeredListingId,
      targetListingId: swapProposals.targetListingId,
    })
    .from(swapProposals)
    .where(eq(swapProposals.id, swapId));
  const deal = (await dealItemsOf(db, [swapId])).get(swapId) ?? {
    offered: [swap.offeredListingId],
    wanted: [swap.targetListingId],
  };
  const proposer = swap.proposerId === payment.userId;
  return {
    yours: proposer ? deal.offered : deal.wanted,
    theirs: proposer ? deal.wanted : deal.offered,
    back: proposer ? "/my-swaps?tab=sent" : "/my-swaps",
  };
}
