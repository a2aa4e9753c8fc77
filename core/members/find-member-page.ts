import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { isPublicListing, listingCardColumns, type Viewer } from "../listings/public-listings";
import { revealDueAt } from "../reviews/reveal-due-reviews";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { shownName } from "./display-name";
import { findReliability, type Reliability } from "./member-reliability";
import { findMedianReplyHours } from "./reply-time";

export const MEMBER_LISTINGS_PAGE = 12;

/**
 * A public member page (decision 094): what anyone may know of an active member. Never their street, postcode or
 * coordinates: only the suburb and state. A suspended, deleted (soft or purged) or unknown member is null (a 404),
 * exactly alike, so the page tells nothing of why.
 */
export async function findMemberPage(
  db: Db,
  { memberId, viewer = {}, listingsCursor }: { memberId: string; viewer?: Viewer; listingsCursor?: string | null },
) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(memberId)) return null;
  const [member] = await db
    .select({
      id: users.id,
      name: users.name,
      nameDisplay: profiles.nameDisplay,
      avatarUrl: profiles.avatarUrl,
      memberSince: users.createdAt,
      suburb: profiles.suburb,
      state: profiles.state,
      emailConfirmed: users.emailVerified,
      phoneConfirmedAt: profiles.phoneConfirmedAt,
      reviewCount: profiles.reviewCount,
      ratingAverage: profiles.ratingAverage,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, memberId), ne(profiles.status, "suspended"), isNull(profiles.deletedAt)));
  if (!member) return null;

  const keys = { createdAt: listings.createdAt, id: listings.id };
  const listingRows = await db
    .select(listingCardColumns(viewer))
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(isPublicListing(), eq(listings.userId, memberId), afterRow(listings, keys, safeCursor(listingsCursor))))
    .orderBy(sql`${listings.createdAt} desc`, sql`${listings.id} desc`)
    .limit(MEMBER_LISTINGS_PAGE + 1);
  const [{ activeListings }] = await db
    .select({ activeListings: count() })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(isPublicListing(), eq(listings.userId, memberId)));
  const [{ swapsCompleted }] = await db
    .select({ swapsCompleted: count() })
    .from(swapProposals)
    .where(
      and(
        eq(swapProposals.status, "completed"),
        sql`(${swapProposals.proposerId} = ${memberId} or ${swapProposals.receiverId} = ${memberId})`,
      ),
    );
  const [reliability, replyHours, between] = await Promise.all([
    findReliability(db, memberId),
    findMedianReplyHours(db, memberId),
    viewer.userId && viewer.userId !== memberId ? hiddenBetween(db, viewer.userId, memberId) : null,
  ]);
  const page = pageOf(listingRows, MEMBER_LISTINGS_PAGE);
  const { name, nameDisplay, phoneConfirmedAt, ...shown } = member;
  const chosenName = shownName(name, nameDisplay);
  return {
    ...shown,
    name: chosenName,
    phoneConfirmed: phoneConfirmedAt !== null,
    swapsCompleted: Number(swapsCompleted),
    activeListings: Number(activeListings),
    // Their cards carry their name as they chose it, as the rest of the page does.
    listings: page.page.map((card) => ({ ...card, ownerName: chosenName })),
    nextListingsCursor: page.nextCursor,
    reliability,
    replyHours,
    hidden: between,
  };
}

export type MemberPage = NonNullable<Awaited<ReturnType<typeof findMemberPage>>>;
export type { Reliability };

const safeCursor = (cursor: string | null | undefined) => (cursor && /^[0-9a-f-]{36}$/i.test(cursor) ? cursor : null);

/**
 * The hidden reviews between the viewer and this member (decision 094): the viewer's own review of them, with the
 * date it will be shown at the latest, and whether this member has reviewed the viewer (never what they wrote).
 */
async function hiddenBetween(db: Db, viewerId: string, memberId: string) {
  const rows = await db
    .select({
      reviewerId: reviews.reviewerId,
      swapCompletedAt: swapProposals.completedAt,
      circleCompletedAt: swapCircles.completedAt,
    })
    .from(reviews)
    // A review follows a swap or a swap circle (decision 111): its 14 days count from whichever completed.
    .leftJoin(swapProposals, eq(swapProposals.id, reviews.swapProposalId))
    .leftJoin(swapCircles, eq(swapCircles.id, reviews.circleId))
    .where(
      and(
        isNull(reviews.revealedAt),
        sql`((${reviews.reviewerId} = ${viewerId} and ${reviews.revieweeId} = ${memberId})
          or (${reviews.reviewerId} = ${memberId} and ${reviews.revieweeId} = ${viewerId}))`,
      ),
    );
  const mine = rows.flatMap((r) => {
    const completedAt = r.swapCompletedAt ?? r.circleCompletedAt;
    return r.reviewerId === viewerId && completedAt ? [revealDueAt(completedAt)] : [];
  });
  return {
    mineRevealsAt: mine.sort((a, b) => a.getTime() - b.getTime())[0] ?? null,
    theirsWaiting: rows.some((r) => r.reviewerId === memberId),
  };
}
