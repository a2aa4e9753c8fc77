import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { isUuid } from "../shared/ids";

/**
 * One swap circle for the back office (decision 108): its state and dates, each leg (who gives which listing to
 * whom, when they accepted and when their fee was held) and every payment made for it, newest first. Staff see
 * members by name with a link to each; contact details stay on the member's own page. Null for an unknown id.
 */
export async function findCircleForStaff(db: Db, { circleId }: { circleId: string }) {
  if (!isUuid(circleId)) return null;
  const [circle] = await db.select().from(swapCircles).where(eq(swapCircles.id, circleId));
  if (!circle) return null;
  const legs = await db
    .select({
      position: swapCircleLegs.position,
      giverId: swapCircleLegs.giverId,
      giverName: users.name,
      receiverId: swapCircleLegs.receiverId,
      listingId: swapCircleLegs.listingId,
      listingTitle: listings.title,
      listingStatus: listings.status,
      valueMin: listings.valueMin,
      valueMax: listings.valueMax,
      acceptedAt: swapCircleLegs.acceptedAt,
      paidAt: swapCircleLegs.paidAt,
      swappedAt: swapCircleLegs.swappedAt,
    })
    .from(swapCircleLegs)
    .innerJoin(users, eq(users.id, swapCircleLegs.giverId))
    .innerJoin(listings, eq(listings.id, swapCircleLegs.listingId))
    .where(eq(swapCircleLegs.circleId, circleId))
    .orderBy(asc(swapCircleLegs.position));
  const payments = await db
    .select({
      id: paymentLogs.id,
      userId: paymentLogs.userId,
      status: paymentLogs.status,
      provider: paymentLogs.provider,
      amountCents: paymentLogs.amountCents,
      creditCents: paymentLogs.creditCents,
      createdAt: paymentLogs.createdAt,
    })
    .from(paymentLogs)
    .where(eq(paymentLogs.swapCircleId, circleId))
    .orderBy(asc(paymentLogs.createdAt));
  const nameOf = (id: string) => legs.find((leg) => leg.giverId === id)?.giverName ?? "Member";
  const closedBy = circle.closedById ? nameOf(circle.closedById) : null;
  return {
    circle,
    closedBy,
    legs: legs.map((leg) => ({ ...leg, receiverName: nameOf(leg.receiverId) })),
    payments: payments.map((p) => ({ ...p, memberName: nameOf(p.userId) })),
  };
}

export type CircleForStaff = NonNullable<Awaited<ReturnType<typeof findCircleForStaff>>>;
