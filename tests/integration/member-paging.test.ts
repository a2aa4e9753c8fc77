import { afterAll, describe, expect, test } from "vitest";
import { findMyListings } from "#core/listings/find-my-listings.ts";
import { findMySwaps } from "#core/swaps/find-my-swaps.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { controlledClock } from "../support/test-clock";
import { createListing, createMember } from "../support/factories";
import { setFlag } from "../support/flags";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock("2030-07-01T00:00:00.000Z");

/** Follows the cursors to the end, returning every id in the order the pages gave them. */
async function walk<T extends { id: string }>(
  fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const { items, next } = await fetchPage(cursor);
    seen.push(...items.map((i) => i.id));
    cursor = next;
  } while (cursor);
  return seen;
}

describe("My Listings and My Swaps come a page at a time", () => {
  test("My Listings' pages cover every listing once, newest first", async () => {
    const owner = await createMember(db);
    const made: string[] = [];
    for (let n = 0; n < 7; n++) made.push(await createListing(db, owner.id, { title: `Item ${n}` }));
    const seen = await walk(async (cursor) => {
      const page = await findMyListings(db, { ownerId: owner.id, cursor, limit: 3 });
      expect(page.listings.length).toBeLessThanOrEqual(3);
      return { items: page.listings, next: page.nextCursor };
    });
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(made));
    const first = await findMyListings(db, { ownerId: owner.id, limit: 100 });
    expect(seen).toEqual(first.listings.map((l) => l.id));
    expect((await findMyListings(db, { ownerId: owner.id, cursor: "not-a-cursor" })).listings).toHaveLength(7);
  });

  test("My Swaps pages each tab on its own cursor and covers every proposal once", async () => {
    await setFlag(db, "enable_rate_limiting", false);
    const receiver = await createMember(db);
    const target = await createListing(db, receiver.id);
    for (let n = 0; n < 5; n++) {
      const proposer = await createMember(db);
      clock.advance(1000);
      await proposeSwap(
        { db, clock },
        { proposerId: proposer.id, targetListingId: target, offeredListingId: await createListing(db, proposer.id) },
      );
    }
    await setFlag(db, "enable_rate_limiting", true);
    const seen = await walk(async (cursor) => {
      const page = await findMySwaps(db, { userId: receiver.id, receivedCursor: cursor, limit: 2 });
      expect(page.sent).toEqual([]);
      return { items: page.received, next: page.nextCursors.received };
    });
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const all = await findMySwaps(db, { userId: receiver.id, limit: 50 });
    expect(seen).toEqual(all.received.map((s) => s.id));
  });
});
