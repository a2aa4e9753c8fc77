import { desc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { favourites } from "../../db/schema/favourites";
import { listings } from "../../db/schema/listings";
import { creditLedger, paymentLogs } from "../../db/schema/payments";
import { profiles, userRoles } from "../../db/schema/profiles";
import { reviews, swapProposals } from "../../db/schema/swaps";
import { AppError } from "../shared/app-error";
import { MEMBER_NOT_FOUND } from "./member-guards";

/**
 * Everything SwapShed holds about one member, as one JSON document: what an admin's "Export user data" downloads
 * and what the member's own "Download my data" gives them. No secrets (password hashes, sessions, 2FA keys).
 */
export async function collectMemberData(db: Db, { userId, now }: { userId: string; now: Date }) {
  const [account] = await db
    .select({
      id: users.id,
      fullName: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      phone: profiles.phone,
      location: profiles.location,
      avatarUrl: profiles.avatarUrl,
      status: profiles.status,
      suspendedAt: profiles.suspendedAt,
      suspensionReason: profiles.suspensionReason,
      deletedAt: profiles.deletedAt,
      permanentDeletionAt: profiles.permanentDeletionAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!account) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  const party = or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId));
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...account,
      roles: (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map(
        (r) => r.role,
      ),
    },
    listings: await db
      .select({
        id: listings.id,
        title: listings.title,
        description: listings.description,
        category: listings.category,
        condition: listings.condition,
        valueMin: listings.valueMin,
        valueMax: listings.valueMax,
        location: listings.location,
        status: listings.status,
        moderationStatus: listings.moderationStatus,
        createdAt: listings.createdAt,
        imageCount: listings.images,
      })
      .from(listings)
      .where(eq(listings.userId, userId))
      .orderBy(desc(listings.createdAt))
      .then((rows) => rows.map((r) => ({ ...r, imageCount: r.imageCount.length }))),
    swaps: await db
      .select({
        id: swapProposals.id,
        status: swapProposals.status,
        role: swapProposals.proposerId,
        offeredListingId: swapProposals.offeredListingId,
        targetListingId: swapProposals.targetListingId,
        message: swapProposals.message,
        proposerPaid: swapProposals.proposerPaid,
        receiverPaid: swapProposals.receiverPaid,
        createdAt: swapProposals.createdAt,
        updatedAt: swapProposals.updatedAt,
      })
      .from(swapProposals)
      .where(party)
      .orderBy(desc(swapProposals.createdAt))
      .then((rows) => rows.map((r) => ({ ...r, role: r.role === userId ? "proposer" : "receiver" }))),
    payments: await db
      .select({
        id: paymentLogs.id,
        swapProposalId: paymentLogs.swapProposalId,
        amountCents: paymentLogs.amountCents,
        creditCents: paymentLogs.creditCents,
        currency: paymentLogs.currency,
        status: paymentLogs.status,
        provider: paymentLogs.provider,
        createdAt: paymentLogs.createdAt,
        refundedAt: paymentLogs.refundedAt,
      })
      .from(paymentLogs)
      .where(eq(paymentLogs.userId, userId))
      .orderBy(desc(paymentLogs.createdAt)),
    credit: await db
      .select({ amountCents: creditLedger.amountCents, reason: creditLedger.reason, createdAt: creditLedger.createdAt })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt)),
    reviews: {
      given: await db
        .select({
          swapProposalId: reviews.swapProposalId,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(eq(reviews.reviewerId, userId)),
      received: await db
        .select({
          swapProposalId: reviews.swapProposalId,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(eq(reviews.revieweeId, userId)),
    },
    favourites: await db
      .select({ listingId: favourites.listingId, createdAt: favourites.createdAt })
      .from(favourites)
      .where(eq(favourites.userId, userId)),
  };
}

export type MemberData = Awaited<ReturnType<typeof collectMemberData>>;
