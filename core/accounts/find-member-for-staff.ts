import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { profiles, userRoles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { listingStateColumns } from "../moderation/listing-state-columns";
import { offered, onSwap, swapTitleColumns, target } from "../shared/swap-columns";

const HISTORY = 10;

/** One member as the back office sees them (soft-deleted members are gone), or null. */
export async function findMemberForStaff(db: Db, { userId }: { userId: string }) {
  const [member] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      phone: profiles.phone,
      location: profiles.location,
      status: profiles.status,
      suspendedAt: profiles.suspendedAt,
      suspensionReason: profiles.suspensionReason,
      flags: profiles.flags,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt)));
  if (!member) return null;
  const party = or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId));
  const [roles, memberListings, swaps, payments, events] = [
    await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(userRoles.createdAt, userRoles.role),
    await db
      .select({ ...listingStateColumns, createdAt: listings.createdAt })
      .from(listings)
      .where(eq(listings.userId, userId))
      .orderBy(desc(listings.createdAt))
      .limit(50),
    await db
      .select({
        id: swapProposals.id,
        status: swapProposals.status,
        createdAt: swapProposals.createdAt,
        proposerId: swapProposals.proposerId,
        // Named by its two listings, as the Swaps list names it.
        ...swapTitleColumns,
      })
      .from(swapProposals)
      .leftJoin(offered, onSwap.offered)
      .leftJoin(target, onSwap.target)
      .where(party)
      .orderBy(desc(swapProposals.createdAt))
      .limit(HISTORY),
    await db
      .select({
        id: paymentLogs.id,
        amountCents: paymentLogs.amountCents,
        status: paymentLogs.status,
        createdAt: paymentLogs.createdAt,
        swapId: paymentLogs.swapProposalId,
        ...swapTitleColumns,
      })
      .from(paymentLogs)
      .leftJoin(swapProposals, eq(swapProposals.id, paymentLogs.swapProposalId))
      .leftJoin(offered, onSwap.offered)
      .leftJoin(target, onSwap.target)
      .where(eq(paymentLogs.userId, userId))
      .orderBy(desc(paymentLogs.createdAt))
      .limit(HISTORY),
    await db
      .select({
        id: securityEvents.id,
        eventType: securityEvents.eventType,
        success: securityEvents.success,
        errorMessage: securityEvents.errorMessage,
        ipAddress: securityEvents.ipAddress,
        createdAt: securityEvents.createdAt,
      })
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.createdAt))
      .limit(HISTORY),
  ];
  return {
    ...member,
    roles: roles.map((r) => r.role),
    listings: memberListings,
    swaps: swaps.map(({ proposerId, ...s }) => ({ ...s, role: proposerId === userId ? "proposer" : "receiver" })),
    payments,
    events,
  };
}
