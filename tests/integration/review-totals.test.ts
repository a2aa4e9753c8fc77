import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findHomeListings } from "#core/listings/find-home-listings.ts";
import { reviews, swapProposals } from "#db/schema/index.ts";
import { profiles } from "#db/schema/profiles.ts";
import { createListing, createMember, createSwap } from "../support/factories";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

// A card shows its owner's rating from profiles.review_count/rating_total/rating_average, which a trigger on reviews
// keeps. Whatever happens to reviews, the totals must equal what counting the REVEALED reviews gives (a hidden,
// double-blind review counts for nothing until it is shown), and the average weighs each counterpart once.
const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

async function completedSwap(proposerId: string, receiverId: string) {
  const target = await createListing(db, receiverId, { status: "swapped" });
  const offered = await createListing(db, proposerId, { status: "swapped" });
  const { swapId } = await createSwap(db, {
    status: "completed",
    targetListingId: target,
    offeredListingId: offered,
    proposerId,
    receiverId,
  });
  return swapId;
}

async function average(userId: string) {
  const [row] = await db.select({ average: profiles.ratingAverage }).from(profiles).where(eq(profiles.userId, userId));
  return row.average;
}

async function totals(userId: string) {
  const [row] = await db
    .select({ count: profiles.reviewCount, total: profiles.ratingTotal })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const [counted] = (
    await db.execute(
      sql`select count(*)::int as count, coalesce(sum(rating), 0)::int as total from reviews where reviewee_id = ${userId} and revealed_at is not null`,
    )
  ).rows as { count: number; total: number }[];
  return { kept: row, counted };
}

describe("review totals on the profile", () => {
  it("follow every insert, change and removal of a review, and give the card its rating", async () => {
    const owner = await createMember(db, { name: "Owner" });
    const a = await createMember(db);
    const b = await createMember(db);
    await createListing(db, owner.id, { title: "Rated owner's kayak" });
    expect(await totals(owner.id)).toEqual({ kept: { count: 0, total: 0 }, counted: { count: 0, total: 0 } });

    const swapA = await completedSwap(a.id, owner.id);
    const swapB = await completedSwap(b.id, owner.id);
    const shown = new Date();
    await db
      .insert(reviews)
      .values({ swapProposalId: swapA, reviewerId: a.id, revieweeId: owner.id, rating: 5, revealedAt: shown });
    await db
      .insert(reviews)
      .values({ swapProposalId: swapB, reviewerId: b.id, revieweeId: owner.id, rating: 2, revealedAt: shown });
    await db
      .insert(reviews)
      .values({ swapProposalId: swapA, reviewerId: owner.id, revieweeId: a.id, rating: 4, revealedAt: shown });
    expect(await totals(owner.id)).toEqual({ kept: { count: 2, total: 7 }, counted: { count: 2, total: 7 } });
    expect(await totals(a.id)).toEqual({ kept: { count: 1, total: 4 }, counted: { count: 1, total: 4 } });

    const [card] = (await findHomeListings(db)).filter((listing) => listing.title === "Rated owner's kayak");
    expect(card).toMatchObject({ ownerRating: 3.5, ownerReviewCount: 2 });

    await db.update(reviews).set({ rating: 4 }).where(eq(reviews.swapProposalId, swapB));
    expect(await totals(owner.id)).toEqual({ kept: { count: 2, total: 9 }, counted: { count: 2, total: 9 } });

    // A review moved to another reviewee (not something the app does, but the totals must still hold).
    await db.update(reviews).set({ revieweeId: b.id, reviewerId: owner.id }).where(eq(reviews.swapProposalId, swapB));
    expect(await totals(owner.id)).toEqual({ kept: { count: 1, total: 5 }, counted: { count: 1, total: 5 } });
    expect(await totals(b.id)).toEqual({ kept: { count: 1, total: 4 }, counted: { count: 1, total: 4 } });

    // Deleting a swap deletes its reviews (cascade): the totals follow.
    await db.delete(swapProposals).where(eq(swapProposals.id, swapA));
    expect(await totals(owner.id)).toEqual({ kept: { count: 0, total: 0 }, counted: { count: 0, total: 0 } });
    expect(await totals(a.id)).toEqual({ kept: { count: 0, total: 0 }, counted: { count: 0, total: 0 } });
    const [after] = (await findHomeListings(db)).filter((listing) => listing.title === "Rated owner's kayak");
    expect(after).toMatchObject({ ownerRating: null, ownerReviewCount: 0 });
  });

  it("count a hidden review only once it is revealed", async () => {
    const owner = await createMember(db, { name: "Hidden Owner" });
    const a = await createMember(db);
    const swapA = await completedSwap(a.id, owner.id);
    await db.insert(reviews).values({ swapProposalId: swapA, reviewerId: a.id, revieweeId: owner.id, rating: 1 });
    expect(await totals(owner.id)).toEqual({ kept: { count: 0, total: 0 }, counted: { count: 0, total: 0 } });
    expect(await average(owner.id)).toBeNull();
    await db.update(reviews).set({ revealedAt: new Date() }).where(eq(reviews.swapProposalId, swapA));
    expect(await totals(owner.id)).toEqual({ kept: { count: 1, total: 1 }, counted: { count: 1, total: 1 } });
    expect(await average(owner.id)).toBe(1);
  });

  it("weigh each counterpart once: two accounts that only swap with each other move the average no more than one counterpart does", async () => {
    const owner = await createMember(db, { name: "Honest Owner" });
    const fair = [await createMember(db), await createMember(db), await createMember(db)];
    const shown = new Date();
    // Three different members rate the owner 2 stars each.
    for (const m of fair) {
      const swapId = await completedSwap(m.id, owner.id);
      await db
        .insert(reviews)
        .values({ swapProposalId: swapId, reviewerId: m.id, revieweeId: owner.id, rating: 2, revealedAt: shown });
    }
    expect(await average(owner.id)).toBe(2);
    // A friend's account swaps with the owner ten times and rates 5 stars each time.
    const friend = await createMember(db, { name: "Sock Puppet" });
    for (let i = 0; i < 10; i++) {
      const swapId = await completedSwap(friend.id, owner.id);
      await db
        .insert(reviews)
        .values({ swapProposalId: swapId, reviewerId: friend.id, revieweeId: owner.id, rating: 5, revealedAt: shown });
    }
    // The friend is one counterpart among four: (2 + 2 + 2 + 5) / 4, exactly what a single 5-star review would give.
    expect(await average(owner.id)).toBeCloseTo(2.75);
    // The count is of reviews as written (13); only the average is weighted.
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(row.reviewCount).toBe(13);
  });
});
