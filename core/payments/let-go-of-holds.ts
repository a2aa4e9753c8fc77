import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { type FeeDeal, paymentsOf } from "./fee-deal";
import { giveBackCredit } from "./lock-member-credit";

/** Why a hold is let go without charging anything (payment_logs.release_reason). */
export const RELEASE_REASONS = {
  /** The other side (in a circle, another member) did not hold their fee within the 48 hours. */
  lapsed: "swap_lapsed",
  /** Staff cancelled the swap before the handshake. */
  cancelled: "swap_cancelled",
  /** A second checkout of the same member for the same swap completed (an old tab). */
  heldTwice: "charged_twice",
  /** The checkout completed after the swap had closed. */
  afterClose: "paid_after_close",
  /** The provider let the hold go on its own (the card's authorisation ran out, or its dashboard cancelled it). */
  providerEnded: "hold_ended",
} as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[keyof typeof RELEASE_REASONS];

/**
 * Every fee a deal (a swap or a circle) holds is let go, inside the transaction that closed it (the lapse, a staff cancel): the
 * credit part goes back to the ledger at once; a card part is marked to be released, and settleHolds asks the
 * provider to let it go after the commit (nothing was charged, so nothing is refunded). A hold paid wholly by
 * credit is released here and now. Call it holding the swap's lock and its members' credit locks.
 * Returns the ids of the holds let go.
 */
export async function letGoOfHolds(
  tx: Db,
  { deal, reason, now }: { deal: FeeDeal; reason: ReleaseReason; now: Date },
): Promise<string[]> {
  const held = await tx
    .select()
    .from(paymentLogs)
    .where(and(paymentsOf(deal), eq(paymentLogs.status, "held")))
    .for("update");
  for (const payment of held) {
    await giveBackCredit(tx, payment, "reversal", now);
    const onCard = payment.amountCents > 0 && payment.paymentIntentId !== null;
    await tx
      .update(paymentLogs)
      .set(
        onCard
          ? { releaseReason: reason, updatedAt: now }
          : { releaseReason: reason, status: "released", releasedAt: now, updatedAt: now },
      )
      .where(eq(paymentLogs.id, payment.id));
  }
  return held.map((p) => p.id);
}
