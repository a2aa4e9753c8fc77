import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { newestFirst, pageOf } from "../shared/keyset-cursor";

export const MY_PAYMENTS_PAGE_SIZE = 20;

/** What a member sees of their own payment: never the provider's references or why it failed. */
const ownPaymentColumns = {
  id: paymentLogs.id,
  swapId: paymentLogs.swapProposalId,
  swapStatus: swapProposals.status,
  circleId: paymentLogs.swapCircleId,
  circleStatus: swapCircles.status,
  status: paymentLogs.status,
  provider: paymentLogs.provider,
  amountCents: paymentLogs.amountCents,
  creditCents: paymentLogs.creditCents,
  currency: paymentLogs.currency,
  createdAt: paymentLogs.createdAt,
  refundedAt: paymentLogs.refundedAt,
};

/**
 * The handshake payments a member made (or started), newest first, a page at a time (keyset): only ever the
 * member's own rows, with the swap (or swap circle) each was for. A refunded payment says when; provider references and
 * failure details stay with staff.
 */
export async function findMyPayments(
  db: Db,
  { userId, cursor, limit = MY_PAYMENTS_PAGE_SIZE }: { userId: string; cursor?: string | null; limit?: number },
) {
  const keyset = newestFirst(paymentLogs, cursor);
  const rows = await db
    .select(ownPaymentColumns)
    .from(paymentLogs)
    .leftJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
    .leftJoin(swapCircles, eq(swapCircles.id, paymentLogs.swapCircleId))
    .where(and(eq(paymentLogs.userId, userId), keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { payments: page, nextCursor };
}
