import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { creditBalance } from "./credit-balance";
import { findPaymentEvents, type PaymentEventRow } from "./find-payment-events";
import { isUuid } from "../shared/ids";
import { dealItemsOf } from "../swaps/deal-items";
import { buildSwapTimeline, NEVER_COUNTED } from "../swaps/swap-timeline";

type PaymentRow = typeof paymentLogs.$inferSelect;

/**
 * When a payment settled its party's fee (held it), or null if it never did: the processing time of the checkout
 * event that held a card payment; the moment a credit-paid or waived fee was recorded.
 */
export function paidAtOf(payment: PaymentRow, events: PaymentEventRow[]): Date | null {
  // A hold counts from when it was made (decision 102), even if the swap then lapsed and it was let go.
  const counted =
    payment.status === "held" ||
    payment.status === "completed" ||
    (payment.status === "refunded" && !NEVER_COUNTED.includes(payment.refundReason ?? "")) ||
    (payment.status === "released" && !NEVER_COUNTED.includes(payment.releaseReason ?? "hold_ended"));
  if (!counted) return null;
  if (payment.provider === "credit" || payment.provider === "waived") return payment.createdAt;
  const completion = events.find(
    (e) => e.paymentId === payment.id && e.type === "checkout.session.completed" && e.status === "processed",
  );
  return completion?.processedAt ?? payment.updatedAt;
}

/**
 * One swap for the back office: both parties (with their account credit), both listings, its payments oldest
 * first with the provider events received for them, and the spec's timeline with real times. Null if no such swap.
 */
export async function findSwapForStaff(db: Db, { swapId }: { swapId: string }) {
  if (!isUuid(swapId)) return null;
  const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
  if (!swap) return null;
  const parties = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [swap.proposerId, swap.receiverId]));
  // Every listing of the deal: a bundle's extras too (decision 103).
  const deal = (await dealItemsOf(db, [swap.id])).get(swap.id) ?? { offered: [], wanted: [] };
  const items = await db
    .select({ id: listings.id, title: listings.title, status: listings.status, userId: listings.userId })
    .from(listings)
    .where(inArray(listings.id, [swap.offeredListingId, swap.targetListingId, ...deal.offered, ...deal.wanted]));
  const payments = await db
    .select()
    .from(paymentLogs)
    .where(eq(paymentLogs.swapProposalId, swap.id))
    .orderBy(asc(paymentLogs.createdAt), asc(paymentLogs.id));
  const events = await findPaymentEvents(db, payments);
  const party = async (id: string) => {
    const p = parties.find((x) => x.id === id);
    return { id, name: p?.name ?? "Unknown", email: p?.email ?? null, creditCents: await creditBalance(db, id) };
  };
  const withPaidAt = payments.map((p) => ({
    ...p,
    paidAt: paidAtOf(p, events),
    payer: p.userId === swap.proposerId ? ("proposer" as const) : ("receiver" as const),
    events: events.filter((e) => e.paymentId === p.id),
  }));
  return {
    swap,
    proposer: await party(swap.proposerId),
    receiver: await party(swap.receiverId),
    offered: items.find((l) => l.id === swap.offeredListingId) ?? null,
    moreOffered: deal.offered.slice(1).flatMap((id) => items.filter((l) => l.id === id)),
    moreWanted: deal.wanted.slice(1).flatMap((id) => items.filter((l) => l.id === id)),
    target: items.find((l) => l.id === swap.targetListingId) ?? null,
    payments: withPaidAt,
    timeline: buildSwapTimeline(swap, withPaidAt),
  };
}
