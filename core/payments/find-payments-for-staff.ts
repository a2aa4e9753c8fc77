import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, paymentLogs } from "#db/schema/payments.ts";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { isUuid } from "../shared/ids";

/** The spec: the Payments page lists up to 100 payment logs, newest first (further pages by keyset). */
export const STAFF_PAYMENTS_PAGE_SIZE = 100;

export type StaffPaymentFilters = { status?: string; provider?: string; cursor?: string | null };

const oneOf = (values: readonly string[], value: string | undefined) =>
  value && values.includes(value) ? value : undefined;

/** The filters as one condition, shared by the page and its count so the two always agree. */
function paymentWhere(filters: StaffPaymentFilters): SQL | undefined {
  const status = oneOf(PAYMENT_STATUSES, filters.status);
  const provider = oneOf(PAYMENT_PROVIDERS, filters.provider);
  return and(
    status ? eq(paymentLogs.status, status as "completed") : undefined,
    provider ? eq(paymentLogs.provider, provider as "local") : undefined,
  );
}

/** How many payment logs match the filters in all pages (the Payments page's total). */
export async function countPaymentsForStaff(db: Db, filters: StaffPaymentFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentLogs).where(paymentWhere(filters));
  return Number(row?.n ?? 0);
}

/** Every payment log for the back office with its payer's name, newest first, filtered by status and provider. */
export async function findPaymentsForStaff(db: Db, filters: StaffPaymentFilters, limit = STAFF_PAYMENTS_PAGE_SIZE) {
  const after = isUuid(filters.cursor) ? filters.cursor : null;
  const rows = await db
    .select({
      id: paymentLogs.id,
      swapId: paymentLogs.swapProposalId,
      circleId: paymentLogs.swapCircleId,
      userId: paymentLogs.userId,
      memberName: users.name,
      amountCents: paymentLogs.amountCents,
      creditCents: paymentLogs.creditCents,
      status: paymentLogs.status,
      provider: paymentLogs.provider,
      paymentIntentId: paymentLogs.paymentIntentId,
      errorMessage: paymentLogs.errorMessage,
      refundReason: paymentLogs.refundReason,
      refundedAt: paymentLogs.refundedAt,
      releaseReason: paymentLogs.releaseReason,
      releasedAt: paymentLogs.releasedAt,
      capturedAt: paymentLogs.capturedAt,
      createdAt: paymentLogs.createdAt,
    })
    .from(paymentLogs)
    .innerJoin(users, eq(users.id, paymentLogs.userId))
    .where(
      and(
        paymentWhere(filters),
        afterRow(paymentLogs, { createdAt: paymentLogs.createdAt, id: paymentLogs.id }, after),
      ),
    )
    .orderBy(desc(paymentLogs.createdAt), desc(paymentLogs.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { payments: page, nextCursor };
}
