import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { creditLedger, type CreditReason } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";

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

/** One ledger row; zero amounts are skipped (the table refuses them). */
export async function recordCredit(
  tx: Db,
  entry: { userId: string; amountCents: number; reason: CreditReason; swapProposalId: string; now: Date },
) {
  if (entry.amountCents === 0) return;
  await tx.insert(creditLedger).values({
    userId: entry.userId,
    amountCents: entry.amountCents,
    reason: entry.reason,
    swapProposalId: entry.swapProposalId,
    createdAt: entry.now,
  });
}

/**
 * Gives the credit a payment had reserved back to its payer: a `reversal` when the checkout never completed,
 * a `refund` when it was paid for.
 */
export async function giveBackCredit(
  tx: Db,
  payment: { userId: string; creditCents: number; swapProposalId: string },
  reason: "reversal" | "refund",
  now: Date,
) {
  await recordCredit(tx, {
    userId: payment.userId,
    amountCents: payment.creditCents,
    reason,
    swapProposalId: payment.swapProposalId,
    now,
  });
}
