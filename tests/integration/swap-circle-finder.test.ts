// Swap circles: two or three members who each want a listing of the next, each giving one listing and getting one.
// Wants are favourites and live saved searches' matches (made here through the real use cases); only public listings
// on offer take part; the nightly pass keeps each listing in one circle and each member in at most three.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { setFavourite } from "#core/listings/toggle-favourite.ts";
import { changeSavedSearch } from "#core/saved-searches/change-saved-search.ts";
import { saveSearch } from "#core/saved-searches/save-search.ts";
import {
  type Circle,
  circleKey,
  findAllCircles,
  findCirclesForMember,
  findCirclesThroughListing,
} from "#core/swaps/find-swap-circles.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearches, savedSearchMatches } from "#db/schema/saved-searches.ts";
import { databaseForThisFile } from "../support/database-for-file";
import { createListing, createMember } from "../support/factories";

const { db } = await databaseForThisFile();

/** Who gives what to whom, as [giver, listing, receiver] triples in cycle order. */
const legsOf = (circle: Circle) => circle.legs.map((leg) => [leg.giverId, leg.listingId, leg.receiverId]);

/** A member with one listing titled `title` (a word no other test uses, so saved searches match only it). */
async function memberWith(title: string, values: { valueMin?: number; valueMax?: number } = {}) {
  const member = await createMember(db);
  const listingId = await createListing(db, member.id, { title, ...values });
  return { id: member.id, listingId };
}

const favourite = (userId: string, listingId: string) => setFavourite(db, { userId, listingId, favourite: true });

/** A saved search for `q`, matched against what is listed already (as saving one from the search page does). */
async function wantsByWord(userId: string, q: string) {
  const { id } = await saveSearch(db, { userId, fields: { q } });
  expect(await db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id))).toHaveLength(1);
  return id;
}

/** Ana and Ben favourite each other's listing. */
async function twoWhoFavouriteEachOther() {
  const ana = await memberWith("Sit-on-top kayak");
  const ben = await memberWith("Inflatable paddleboard");
  await favourite(ana.id, ben.listingId);
  await favourite(ben.id, ana.listingId);
  return { ana, ben };
}

/** Three members whose saved searches each matched the next one's listing: A wants B's, B wants C's, C wants A's. */
async function threeWhoseSearchesMatch([a, b, c]: [string, string, string]) {
  const first = await memberWith(`Antique ${a}`);
  const second = await memberWith(`Old ${b}`);
  const third = await memberWith(`Brass ${c}`);
  const searches = [await wantsByWord(first.id, b), await wantsByWord(second.id, c), await wantsByWord(third.id, a)];
  return { first, second, third, searches };
}

describe("circles of two", () => {
  test("two members who favourite each other's listing make a circle of two, found from either listing", async () => {
    const { ana, ben } = await twoWhoFavouriteEachOther();
    const [circle, ...others] = await findCirclesThroughListing(db, ana.listingId, { limit: 10 });
    expect(others).toEqual([]);
    expect(legsOf(circle)).toEqual([
      [ana.id, ana.listingId, ben.id],
      [ben.id, ben.listingId, ana.id],
    ]);
    expect(circle.key).toBe(circleKey(circle.legs));
    const fromBen = await findCirclesThroughListing(db, ben.listingId, { limit: 10 });
    expect(fromBen.map((c) => c.key)).toEqual([circle.key]);
  });

  test("a member's circles are found when their want changes, the same circle as from the listing", async () => {
    const { ana, ben } = await twoWhoFavouriteEachOther();
    const fromListing = await findCirclesThroughListing(db, ana.listingId, { limit: 10 });
    for (const member of [ana, ben])
      expect((await findCirclesForMember(db, member.id, { limit: 10 })).map((c) => c.key)).toEqual([
        fromListing[0].key,
      ]);
  });
});

describe("circles of three", () => {
  test("three members whose saved searches matched the next one's listing make a circle of three", async () => {
    const { first, second, third } = await threeWhoseSearchesMatch(["harpsichord", "theodolite", "sextant"]);
    const [circle, ...others] = await findCirclesThroughListing(db, first.listingId, { limit: 10 });
    expect(others).toEqual([]);
    // The first gives to the third (who wants it), the third to the second, the second to the first.
    expect(legsOf(circle)).toEqual([
      [first.id, first.listingId, third.id],
      [third.id, third.listingId, second.id],
      [second.id, second.listingId, first.id],
    ]);
    for (const member of [first, second, third]) {
      expect(circle.legs.filter((leg) => leg.giverId === member.id)).toHaveLength(1);
      expect(circle.legs.filter((leg) => leg.receiverId === member.id)).toHaveLength(1);
      const theirs = await findCirclesForMember(db, member.id, { limit: 10 });
      expect(theirs.map((c) => c.key)).toEqual([circle.key]);
      // The same legs, told from the member's own: theirs comes first.
      expect(theirs[0].legs[0].giverId).toBe(member.id);
      expect(theirs[0].legs).toEqual(expect.arrayContaining(circle.legs));
    }
    for (const other of [second, third])
      expect((await findCirclesThroughListing(db, other.listingId, { limit: 10 }))[0].key).toBe(circle.key);
  });

  test("a circle of two comes before a circle of three, and of two circles the fairer comes first", async () => {
    const ana = await memberWith("Sea kayak", { valueMin: 400, valueMax: 600 });
    const even = await memberWith("Touring paddleboard", { valueMin: 450, valueMax: 650 });
    const uneven = await memberWith("Kids paddleboard", { valueMin: 50, valueMax: 90 });
    const third = await memberWith("Surf ski", { valueMin: 500, valueMax: 600 });
    // Ana wants both paddleboards; both their owners want her kayak. Third closes a circle of three through uneven.
    for (const board of [even, uneven]) {
      await favourite(ana.id, board.listingId);
      await favourite(board.id, ana.listingId);
    }
    await favourite(uneven.id, third.listingId);
    await favourite(third.id, ana.listingId);
    const circles = await findCirclesThroughListing(db, ana.listingId, { limit: 10 });
    expect(circles.map((c) => c.legs.map((leg) => leg.giverId))).toEqual([
      [ana.id, even.id],
      [ana.id, uneven.id],
      [ana.id, third.id, uneven.id],
    ]);
    expect(circles[0].fairness).toBeGreaterThan(circles[1].fairness);
    expect((await findCirclesThroughListing(db, ana.listingId, { limit: 1 })).map((c) => c.key)).toEqual([
      circles[0].key,
    ]);
  });
});

describe("what never makes a circle", () => {
  const breaks: [string, (listingId: string) => Promise<unknown>][] = [
    [
      "reserved in an accepted swap",
      (id) => db.update(listings).set({ status: "reserved" }).where(eq(listings.id, id)),
    ],
    [
      "deleted by its owner",
      (id) => db.update(listings).set({ status: "deleted", deletedAt: new Date() }).where(eq(listings.id, id)),
    ],
    [
      "held for review (not approved)",
      (id) => db.update(listings).set({ moderationStatus: "pending" }).where(eq(listings.id, id)),
    ],
  ];
  test.each(breaks)("a circle whose listing is %s is not found", async (_, breakIt) => {
    const { ana, ben } = await twoWhoFavouriteEachOther();
    await breakIt(ben.listingId);
    expect(await findCirclesThroughListing(db, ana.listingId, { limit: 10 })).toEqual([]);
    expect(await findCirclesForMember(db, ana.id, { limit: 10 })).toEqual([]);
    expect(await findCirclesForMember(db, ben.id, { limit: 10 })).toEqual([]);
  });

  test("an address that is not a listing's finds no circle", async () => {
    expect(await findCirclesThroughListing(db, "not-a-listing", { limit: 10 })).toEqual([]);
  });

  test("a circle whose member is suspended is not found", async () => {
    const { ana, ben } = await twoWhoFavouriteEachOther();
    await db.update(profiles).set({ status: "suspended", suspendedAt: new Date() }).where(eq(profiles.userId, ben.id));
    expect(await findCirclesThroughListing(db, ana.listingId, { limit: 10 })).toEqual([]);
  });

  test("a paused saved search wants nothing, and resumed it closes the circle again", async () => {
    const { first, second, searches } = await threeWhoseSearchesMatch(["ocarina", "metronome", "gramophone"]);
    await changeSavedSearch(db, { userId: second.id, savedSearchId: searches[1], change: { kind: "pause" } });
    expect(await findCirclesThroughListing(db, first.listingId, { limit: 10 })).toEqual([]);
    expect(await findCirclesForMember(db, second.id, { limit: 10 })).toEqual([]);
    await changeSavedSearch(db, { userId: second.id, savedSearchId: searches[1], change: { kind: "resume" } });
    expect(await findCirclesThroughListing(db, first.listingId, { limit: 10 })).toHaveLength(1);
  });

  test("a listing's wants count only while that listing is on offer", async () => {
    const { first, second, searches } = await threeWhoseSearchesMatch(["banjo", "ukulele", "mandolin"]);
    // The second member's want becomes their listing's "What I'd swap it for", and that listing is reserved.
    const other = await createListing(db, second.id, { title: "Camping table", status: "reserved" });
    await db
      .update(savedSearches)
      .set({ source: "listing_wants", listingId: other })
      .where(eq(savedSearches.id, searches[1]));
    expect(await findCirclesThroughListing(db, first.listingId, { limit: 10 })).toEqual([]);
  });

  test("a member's own listing is never wanted by themself, and no member appears twice in a circle", async () => {
    // Ana has two listings; Ben wants her second, Cal her first; Ana wants Ben's; Ben also wants Cal's.
    const ana = await memberWith("Fishing rod");
    const anaSecond = await createListing(db, ana.id, { title: "Tackle box" });
    const ben = await memberWith("Camp stove");
    const cal = await memberWith("Swag tent");
    await favourite(ana.id, ben.listingId);
    await favourite(ben.id, anaSecond);
    await favourite(ben.id, cal.listingId);
    await favourite(cal.id, ana.listingId);
    // Wants of one's own listings, as rows the use cases never write: a favourite and a saved search's match.
    await db.insert(favourites).values({ userId: ana.id, listingId: anaSecond });
    await db.insert(favourites).values({ userId: ben.id, listingId: ben.listingId });
    const search = await wantsByWord(ana.id, "stove");
    await db.insert(savedSearchMatches).values([
      { savedSearchId: search, listingId: ana.listingId },
      { savedSearchId: search, listingId: anaSecond },
    ]);
    const circles = [
      ...(await findCirclesForMember(db, ana.id, { limit: 50 })),
      ...(await findCirclesForMember(db, ben.id, { limit: 50 })),
      ...(await findCirclesThroughListing(db, anaSecond, { limit: 50 })),
    ];
    expect(new Set(circles.map((c) => c.key)).size).toBe(2);
    for (const circle of circles) {
      const givers = circle.legs.map((leg) => leg.giverId);
      expect(new Set(givers).size).toBe(givers.length);
      for (const leg of circle.legs) expect(leg.giverId).not.toBe(leg.receiverId);
    }
    expect((await findCirclesForMember(db, ana.id, { limit: 50 })).map(legsOf)).toEqual([
      [
        [ana.id, anaSecond, ben.id],
        [ben.id, ben.listingId, ana.id],
      ],
      [
        [ana.id, ana.listingId, cal.id],
        [cal.id, cal.listingId, ben.id],
        [ben.id, ben.listingId, ana.id],
      ],
    ]);
  });
});

describe("the nightly pass", () => {
  /** Every circle the pass keeps, in the order it keeps them. */
  async function nightlyPass(options: { batchSize?: number } = {}) {
    const kept: Circle[] = [];
    const summary = await findAllCircles(db, { ...options, onCircles: (circles) => void kept.push(...circles) });
    expect(summary.circles).toBe(kept.length);
    return kept;
  }

  test("finds each circle once, each listing in one circle and each member in at most three, the same every time", async () => {
    const two = await twoWhoFavouriteEachOther();
    const three = await threeWhoseSearchesMatch(["accordion", "xylophone", "tambourine"]);
    // A hub with five listings, each wanted by a member whose listing the hub wants: five circles of two are
    // possible, three are kept.
    const hub = await createMember(db);
    for (let i = 0; i < 5; i++) {
      const mine = await createListing(db, hub.id, { title: `Garden tool ${i}` });
      const partner = await memberWith(`Hand tool ${i}`);
      await favourite(hub.id, partner.listingId);
      await favourite(partner.id, mine);
    }
    const kept = await nightlyPass({ batchSize: 3 });
    const keys = kept.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    const listingIds = kept.flatMap((c) => c.legs.map((leg) => leg.listingId));
    expect(new Set(listingIds).size).toBe(listingIds.length);
    const inCircles = (id: string) => kept.filter((c) => c.legs.some((leg) => leg.giverId === id)).length;
    expect(inCircles(hub.id)).toBe(3);
    for (const circle of kept) for (const leg of circle.legs) expect(inCircles(leg.giverId)).toBeLessThanOrEqual(3);
    const ofTwo = await findCirclesThroughListing(db, two.ana.listingId, { limit: 1 });
    const ofThree = await findCirclesThroughListing(db, three.first.listingId, { limit: 1 });
    expect(keys.filter((key) => key === ofTwo[0].key || key === ofThree[0].key)).toHaveLength(2);
    // Circles of two are kept before circles of three.
    const sizes = kept.map((c) => c.legs.length);
    expect(sizes).toEqual([...sizes].sort());
    // The same graph gives the same circles in the same order.
    expect((await nightlyPass({ batchSize: 3 })).map((c) => c.key)).toEqual(keys);
    // Anchored at its first member, a circle is found once however the members are batched.
    const oneByOne = (await nightlyPass({ batchSize: 1 })).map((c) => c.key);
    expect(new Set(oneByOne).size).toBe(oneByOne.length);
    expect(oneByOne).toEqual(expect.arrayContaining([ofTwo[0].key, ofThree[0].key]));
  });
});
