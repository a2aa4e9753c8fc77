import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { findPaymentEvents } from "./find-payment-events";
import { isUuid } from "../shared/ids";

/** One payment for the back office: who paid, for which swap (or swap circle), and every provider event for it. */
export async function findPaymentForStaff(db: Db, { paymentId }: { paymentId: string }) {
  if (!isUuid(paymentId)) return null;
  const [row] = await db
    .select({
      payment: paymentLogs,
      memberName: users.name,
      memberEmail: users.email,
      swapStatus: swapProposals.status,
      circleStatus: swapCircles.status,
    })
    .from(paymentLogs)
    .innerJoin(users, eq(users.id, paymentLogs.userId))
    .leftJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
    .leftJoin(swapCircles, eq(swapCircles.id, paymentLogs.swapCircleId))
    .where(eq(paymentLogs.id, paymentId));
  if (!row) return null;
  return { ...row, events: await findPaymentEvents(db, [row.payment]) };
}
