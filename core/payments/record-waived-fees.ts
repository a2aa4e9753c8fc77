import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { dealColumns, type FeeDeal } from "./fee-deal";

/**
 * Swap payments switched off: a zero 'waived' payment per member of the deal (a swap's two, a circle's two or
 * three), so that the history says why nobody paid. In the transaction that made the deal.
 */
export async function recordWaivedFees(
  tx: Db,
  { deal, memberIds, now }: { deal: FeeDeal; memberIds: string[]; now: Date },
) {
  await tx.insert(paymentLogs).values(
    memberIds.map((userId) => ({
      ...dealColumns(deal),
      userId,
      amountCents: 0,
      creditCents: 0,
      status: "completed" as const,
      provider: "waived" as const,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
