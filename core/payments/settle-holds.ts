import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import type { PaymentProvider } from "./payment-provider";

/** A process that claimed a hold and died leaves it to another after this long. */
export const SETTLING_LEASE_MS = 5 * 60 * 1000;

export type SettledHolds = { captured: string[]; released: string[] };

/**
 * Does at the provider what the transactions decided (decision 102): captures the holds of swaps and swap circles
 * (decision 105) that reached the handshake (every side held), and lets go of the holds marked to be released (a lapse, a staff cancel, a second or
 * late checkout). Runs after those commits (the webhook, paying with credit, the lapse job) and on every scheduler
 * tick, so a provider that was down is retried.
 *
 * Each hold is claimed first (settling_at, a conditional update), so of many processes running this at once exactly
 * one calls the provider for it; the provider call is idempotent too. The row is then marked captured or released,
 * unless the provider's own webhook (the local one arrives before the call returns) marked it first.
 */
export async function settleHolds(deps: { db: Db; clock: Clock; provider: PaymentProvider }): Promise<SettledHolds> {
  const due = await deps.db
    .select({ id: paymentLogs.id, releaseReason: paymentLogs.releaseReason })
    .from(paymentLogs)
    .leftJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
    .leftJoin(swapCircles, eq(swapCircles.id, paymentLogs.swapCircleId))
    .where(
      or(
        // To capture: every side held, the handshake happened (a swap's two, or all of a circle's).
        and(
          eq(paymentLogs.status, "held"),
          isNull(paymentLogs.releaseReason),
          or(inArray(swapProposals.status, ["arranging", "completed"]), eq(swapCircles.status, "arranging")),
        ),
        // To let go: a hold (or a late second one, recorded as failed) marked to be released.
        and(
          inArray(paymentLogs.status, ["held", "failed"]),
          isNotNull(paymentLogs.releaseReason),
          isNull(paymentLogs.releasedAt),
        ),
      ),
    )
    .limit(100);

  const settled: SettledHolds = { captured: [], released: [] };
  for (const { id, releaseReason } of due) {
    const action = releaseReason ? "release" : "capture";
    if (await settleOne(deps, id, action)) settled[action === "capture" ? "captured" : "released"].push(id);
  }
  return settled;
}

async function settleOne(
  deps: { db: Db; clock: Clock; provider: PaymentProvider },
  id: string,
  action: "capture" | "release",
): Promise<boolean> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(paymentLogs)
    .set({ settlingAt: now })
    .where(
      and(
        eq(paymentLogs.id, id),
        action === "capture" ? eq(paymentLogs.status, "held") : isNull(paymentLogs.releasedAt),
        or(isNull(paymentLogs.settlingAt), lt(paymentLogs.settlingAt, new Date(now.getTime() - SETTLING_LEASE_MS))),
      ),
    )
    .returning();
  if (!claimed) return false;

  const intent = claimed.amountCents > 0 ? claimed.paymentIntentId : null;
  if (intent) {
    if (claimed.provider !== deps.provider.name) {
      logger.error("a hold of another payment provider cannot be settled here", { paymentId: id, action });
      return false;
    }
    try {
      if (action === "capture") await deps.provider.capture({ paymentIntentId: intent, now });
      else await deps.provider.releaseHold({ paymentIntentId: intent, now });
    } catch (error) {
      // Left claimed: the lease runs out and a later run tries again.
      logger.error(`hold ${action} failed; retried later`, { paymentId: id, error: String(error) });
      return false;
    }
  }
  const done = deps.clock.now();
  await deps.db
    .update(paymentLogs)
    .set(
      action === "capture"
        ? { status: "completed", capturedAt: done, settlingAt: null, updatedAt: done }
        : { status: "released", releasedAt: done, settlingAt: null, updatedAt: done },
    )
    .where(
      and(
        eq(paymentLogs.id, id),
        action === "capture" ? eq(paymentLogs.status, "held") : isNull(paymentLogs.releasedAt),
      ),
    );
  return true;
}
