import { and, desc, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { smsOutbox } from "#db/schema/ops.ts";
import { creditLedger, paymentLogs } from "#db/schema/payments.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { reviews, swapMeetings, swapProposals } from "#db/schema/swaps.ts";
import { listingItemColumns } from "../listings/listing-item-columns";
import { AppError } from "../shared/app-error";
import { findMemberRecord } from "./find-member-record";
import { MEMBER_NOT_FOUND } from "./member-guards";

/**
 * Everything SwapShed holds about one member, as one JSON document: what an admin's "Export user data" downloads
 * and what the member's own "Download my data" gives them. No secrets (password hashes, sessions, 2FA keys).
 */
export async function collectMemberData(db: Db, { userId, now }: { userId: string; now: Date }) {
  const account = await findMemberRecord(db, userId);
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
        ...listingItemColumns,
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
        handshakeAt: swapProposals.handshakeAt,
        proposerSwappedAt: swapProposals.proposerSwappedAt,
        receiverSwappedAt: swapProposals.receiverSwappedAt,
        completedAt: swapProposals.completedAt,
        completedHow: swapProposals.completedHow,
        createdAt: swapProposals.createdAt,
        updatedAt: swapProposals.updatedAt,
      })
      .from(swapProposals)
      .where(party)
      .orderBy(desc(swapProposals.createdAt))
      .then((rows) => rows.map((r) => ({ ...r, role: r.role === userId ? "proposer" : "receiver" }))),
    // The times and places proposed on the member's swaps (by either side: both agreed to share them).
    swapMeetings: await db
      .select({
        swapProposalId: swapMeetings.swapProposalId,
        proposedByMe: sql<boolean>`${swapMeetings.proposedBy} = ${userId}`,
        meetAt: swapMeetings.meetAt,
        place: swapMeetings.place,
        status: swapMeetings.status,
        createdAt: swapMeetings.createdAt,
      })
      .from(swapMeetings)
      .innerJoin(swapProposals, eq(swapProposals.id, swapMeetings.swapProposalId))
      .where(party)
      .orderBy(desc(swapMeetings.createdAt)),
    // The swap circles the member was offered (decision 104): what they gave and to whom, and how far it went.
    swapCircles: await db
      .select({
        id: swapCircles.id,
        status: swapCircles.status,
        listingId: swapCircleLegs.listingId,
        receiverId: swapCircleLegs.receiverId,
        acceptedAt: swapCircleLegs.acceptedAt,
        paidAt: swapCircleLegs.paidAt,
        createdAt: swapCircles.createdAt,
        handshakeAt: swapCircles.handshakeAt,
        closedAt: swapCircles.closedAt,
        closeReason: swapCircles.closeReason,
      })
      .from(swapCircleLegs)
      .innerJoin(swapCircles, eq(swapCircles.id, swapCircleLegs.circleId))
      .where(eq(swapCircleLegs.giverId, userId))
      .orderBy(desc(swapCircles.createdAt)),
    payments: await db
      .select({
        id: paymentLogs.id,
        swapProposalId: paymentLogs.swapProposalId,
        swapCircleId: paymentLogs.swapCircleId,
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
      given: await reviewsWhere(db, eq(reviews.reviewerId, userId)),
      // Double-blind (decision 094): a review of them still hidden is not theirs to read yet, here either.
      received: await reviewsWhere(db, and(eq(reviews.revieweeId, userId), isNotNull(reviews.revealedAt)) as SQL),
    },
    favourites: await db
      .select({ listingId: favourites.listingId, createdAt: favourites.createdAt })
      .from(favourites)
      .where(eq(favourites.userId, userId)),
    // Saved searches and wants (issue 27): what the member asked to be told about.
    savedSearches: await db
      .select({
        name: savedSearches.name,
        source: savedSearches.source,
        listingId: savedSearches.listingId,
        q: savedSearches.q,
        location: savedSearches.location,
        radiusKm: savedSearches.radiusKm,
        category: savedSearches.category,
        categories: savedSearches.categories,
        condition: savedSearches.condition,
        minValue: savedSearches.minValue,
        maxValue: savedSearches.maxValue,
        frequency: savedSearches.frequency,
        paused: savedSearches.paused,
        createdAt: savedSearches.createdAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt)),
    // The text messages sent for the account (phone confirmation codes, decision 095).
    textMessages: await db
      .select({
        to: smsOutbox.toPhone,
        body: smsOutbox.body,
        createdAt: smsOutbox.createdAt,
        sentAt: smsOutbox.sentAt,
      })
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, userId))
      .orderBy(desc(smsOutbox.seq)),
  };
}

export type MemberData = Awaited<ReturnType<typeof collectMemberData>>;

/** Reviews the member wrote, or were written about them: the same columns either way. */
function reviewsWhere(db: Db, which: SQL) {
  return db
    .select({
      swapProposalId: reviews.swapProposalId,
      circleId: reviews.circleId,
      rating: reviews.rating,
      tags: reviews.tags,
      comment: reviews.comment,
      reply: reviews.reply,
      createdAt: reviews.createdAt,
      revealedAt: reviews.revealedAt,
    })
    .from(reviews)
    .where(which);
}
