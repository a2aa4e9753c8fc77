import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentLogs } from "../../db/schema/payments";
import { swapProposals } from "../../db/schema/swaps";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { isUuid } from "../shared/ids";

export const MY_PAYMENTS_PAGE_SIZE = 20;

/**
 * The handshake payments a member made (or started), newest first, a page at a time (keyset): only ever the
 * member's own rows, with the swap each was for. A refunded payment says when; provider references and
 * failure details stay with staff.
 */
export async function findMyPayments(
  db: Db,
  { userId, cursor, limit = MY_PAYMENTS_PAGE_SIZE }: { userId: string; cursor?: string | null; limit?: number },
) {
  const after = isUuid(cursor) ? cursor : null;
  const rows = await db
    .select({
      id: paymentLogs.id,
      swapId: paymentLogs.swapProposalId,
      swapStatus: swapProposals.status,
      status: paymentLogs.status,
      provider: paymentLogs.provider,
      amountCents: paymentLogs.amountCents,
      creditCents: paymentLogs.creditCents,
      currency: paymentLogs.currency,
      createdAt: paymentLogs.createdAt,
      refundedAt: paymentLogs.refundedAt,
    })
    .from(paymentLogs)
    .innerJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
    .where(
      and(
        eq(paymentLogs.userId, userId),
        afterRow(paymentLogs, { createdAt: paymentLogs.createdAt, id: paymentLogs.id }, after),
      ),
    )
    .orderBy(desc(paymentLogs.createdAt), desc(paymentLogs.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { payments: page, nextCursor };
}
