import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { creditLedger, type CreditReason } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";
import { dealColumns, type FeeDeal } from "./fee-deal";

/**
 * Takes the row lock that serialises every spend of one member's credit (the ledger itself has no row to
 * lock). Lock order everywhere in payments: swap, then member profile, then payment rows.
 */
export async function lockMemberCredit(tx: Db, userId: string) {
  const [profile] = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (!profile) throw new Error(`member ${userId} has no profile`);
}

/** One ledger row; zero amounts are skipped (the table refuses them). `deal` names the swap or circle it is for. */
export async function recordCredit(
  tx: Db,
  entry: { userId: string; amountCents: number; reason: CreditReason; deal: FeeDeal; now: Date },
) {
  if (entry.amountCents === 0) return;
  await tx.insert(creditLedger).values({
    userId: entry.userId,
    amountCents: entry.amountCents,
    reason: entry.reason,
    ...dealColumns(entry.deal),
    createdAt: entry.now,
  });
}

/**
 * Gives the credit a payment had reserved back to its payer: a `reversal` when the checkout never completed,
 * a `refund` when it was paid for.
 */
export async function giveBackCredit(
  tx: Db,
  payment: FeeDeal & { userId: string; creditCents: number },
  reason: "reversal" | "refund",
  now: Date,
) {
  await recordCredit(tx, { userId: payment.userId, amountCents: payment.creditCents, reason, deal: payment, now });
}
