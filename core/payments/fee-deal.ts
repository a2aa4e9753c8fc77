import { eq } from "drizzle-orm";
import { paymentLogs } from "#db/schema/payments.ts";

/**
 * What a handshake fee is paid for (decision 105): a swap of two members, or a swap circle of two or three. A
 * payment row (and a credit ledger row) names exactly one of the two; everything that settles fees finds them
 * through this pair, so a circle's fees are held, captured and let go exactly as a swap's are.
 */
export type FeeDeal = { swapProposalId: string | null; swapCircleId: string | null };

export const swapDeal = (swapId: string): FeeDeal => ({ swapProposalId: swapId, swapCircleId: null });
export const circleDeal = (circleId: string): FeeDeal => ({ swapProposalId: null, swapCircleId: circleId });

/** The deal's columns, to write on a payment or ledger row. */
export const dealColumns = ({ swapProposalId, swapCircleId }: FeeDeal): FeeDeal => ({ swapProposalId, swapCircleId });

/** The payment rows of one deal. */
export function paymentsOf(deal: FeeDeal) {
  if (deal.swapCircleId) return eq(paymentLogs.swapCircleId, deal.swapCircleId);
  if (deal.swapProposalId) return eq(paymentLogs.swapProposalId, deal.swapProposalId);
  throw new Error("a fee is paid for a swap or a swap circle");
}

/** The deal's id, for logs. */
export const dealId = (deal: FeeDeal): string => deal.swapCircleId ?? deal.swapProposalId ?? "none";
