import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { type ReviewTag, reviews, swapProposals } from "#db/schema/swaps.ts";
import { shownName } from "../members/display-name";
import { newestFirst, pageOf } from "../shared/keyset-cursor";
import { revealDueAt } from "./reveal-due-reviews";

export const MEMBER_REVIEWS_PAGE = 10;

export type ShownReview = {
  id: string;
  rating: number;
  tags: ReviewTag[];
  comment: string | null;
  createdAt: Date;
  reviewer: { id: string; name: string | null; avatarUrl: string | null };
  reply: string | null;
  repliedAt: Date | null;
};

/**
 * A member's shown reviews (revealed only: decision 094), newest first, a page at a time, with each reviewer's name
 * as they chose to show it. Hidden reviews are never read here, so no page can show one early.
 */
export async function findMemberReviews(
  db: Db,
  { memberId, cursor, limit = MEMBER_REVIEWS_PAGE }: { memberId: string; cursor?: string | null; limit?: number },
): Promise<{ reviews: ShownReview[]; nextCursor: string | null }> {
  const keyset = newestFirst(reviews, cursor);
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      tags: reviews.tags,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      reviewerId: users.id,
      reviewerName: users.name,
      reviewerDisplay: profiles.nameDisplay,
      reviewerAvatar: profiles.avatarUrl,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .leftJoin(profiles, eq(profiles.userId, reviews.reviewerId))
    .where(and(eq(reviews.revieweeId, memberId), isNotNull(reviews.revealedAt), keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return {
    reviews: page.map(({ reviewerId, reviewerName, reviewerDisplay, reviewerAvatar, tags, ...r }) => ({
      ...r,
      tags: tags as ReviewTag[],
      reviewer: { id: reviewerId, name: shownName(reviewerName, reviewerDisplay), avatarUrl: reviewerAvatar ?? null },
    })),
    nextCursor,
  };
}

/** What a party of a completed swap may know of its two reviews: their own in full, the other's once revealed. */
export type SwapReviews = {
  mine: {
    rating: number;
    tags: ReviewTag[];
    comment: string | null;
    revealed: boolean;
    /** When a hidden review is shown at the latest (14 days after completion). */
    revealsAt: Date | null;
  } | null;
  theirs: { waiting: true } | { waiting: false; rating: number; tags: ReviewTag[]; comment: string | null } | null;
};

/**
 * The reviews of some of a member's swaps, as that member may see them (decision 094): before the reveal the other
 * side's review is only "waiting" (never its stars or text). Filtered by the member: a swap they are not a party
 * of gives nothing.
 */
export async function findSwapReviews(
  db: Db,
  { userId, swapIds }: { userId: string; swapIds: string[] },
): Promise<Record<string, SwapReviews>> {
  if (!swapIds.length) return {};
  const rows = await db
    .select({
      swapId: reviews.swapProposalId,
      reviewerId: reviews.reviewerId,
      rating: reviews.rating,
      tags: reviews.tags,
      comment: reviews.comment,
      revealedAt: reviews.revealedAt,
      completedAt: swapProposals.completedAt,
    })
    .from(reviews)
    .innerJoin(swapProposals, eq(swapProposals.id, reviews.swapProposalId))
    .where(
      and(
        inArray(reviews.swapProposalId, swapIds),
        or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId)),
        or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId)),
      ),
    );
  const out: Record<string, SwapReviews> = {};
  for (const { swapId, ...r } of rows) {
    if (!swapId) continue;
    out[swapId] ??= { mine: null, theirs: null };
    placeReview(out[swapId], r, userId);
  }
  return out;
}

type ReviewRow = {
  reviewerId: string;
  rating: number;
  tags: string[];
  comment: string | null;
  revealedAt: Date | null;
  completedAt: Date | null;
};

/** One review of a deal, as the member `userId` may see it: theirs in full, the other's only once revealed. */
function placeReview(entry: SwapReviews, r: ReviewRow, userId: string) {
  const tags = r.tags as ReviewTag[];
  if (r.reviewerId === userId) {
    entry.mine = {
      rating: r.rating,
      tags,
      comment: r.comment,
      revealed: r.revealedAt !== null,
      revealsAt: r.revealedAt === null && r.completedAt ? revealDueAt(r.completedAt) : null,
    };
  } else {
    entry.theirs = r.revealedAt ? { waiting: false, rating: r.rating, tags, comment: r.comment } : { waiting: true };
  }
}

/**
 * The two reviews of a completed swap circle that concern one member (decision 111): theirs of the member they got
 * from, and the review of them by the member they gave to, that one only "waiting" until every review is shown.
 * The caller has checked membership; the filter on the member keeps the third member's review out all the same.
 */
export async function findCircleReviews(
  db: Db,
  { userId, circleId }: { userId: string; circleId: string },
): Promise<SwapReviews> {
  const rows = await db
    .select({
      reviewerId: reviews.reviewerId,
      rating: reviews.rating,
      tags: reviews.tags,
      comment: reviews.comment,
      revealedAt: reviews.revealedAt,
      completedAt: swapCircles.completedAt,
    })
    .from(reviews)
    .innerJoin(swapCircles, eq(swapCircles.id, reviews.circleId))
    .where(and(eq(reviews.circleId, circleId), or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId))));
  const entry: SwapReviews = { mine: null, theirs: null };
  for (const row of rows) placeReview(entry, row, userId);
  return entry;
}
