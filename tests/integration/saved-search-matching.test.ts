// Saved searches and their matches (issue 27, decision 091): a new or edited public listing is matched after its
// transaction commits (the listing.published event), once per pair, never against its owner's own searches; the
// owner of a matched search is told at most once an hour ("instantly"), or once a day or week.
import os from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { updateListing } from "#core/listings/update-listing.ts";
import { changeSavedSearch } from "#core/saved-searches/change-saved-search.ts";
import { noticeDueSavedSearches } from "#core/saved-searches/notice-due-saved-searches.ts";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { findMatchesForYou } from "#core/saved-searches/find-matches-for-you.ts";
import { keepSavedSearchesInStep } from "#core/saved-searches/keep-listing-wants.ts";
import { saveSearch } from "#core/saved-searches/save-search.ts";
import { setLookingFor } from "#core/saved-searches/set-looking-for.ts";
import type { Db } from "#db/client.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import { listings } from "#db/schema/listings.ts";
import { notifications } from "#db/schema/notifications.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearches, savedSearchMatches } from "#db/schema/saved-searches.ts";
import { GOOD_LISTING } from "../support/api-factories";
import { createStaff, staffActor } from "../support/factories";
import { listItemAs, longStandingMember } from "../support/saved-search-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

const dispatch = () => dispatchEvents({ db, appUrl: "http://localhost" });
const noticesOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));
const matchesOf = (savedSearchId: string) =>
  db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, savedSearchId));

describe("matching a new listing", () => {
  test("another member's matching listing tells the searcher once, with a link to it", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db, "Dave Smith");
    const { id } = await saveSearch(db, {
      userId: searcher.id,
      fields: { q: "kayaks", location: "Bondi NSW 2026", radius: "25" },
    });
    const listingId = await listItemAs(db, lister.id, { title: "Sit-on-top kayak with paddle" });
    await dispatch();
    await dispatch();
    expect((await matchesOf(id)).map((m) => m.listingId)).toEqual([listingId]);
    const notices = await noticesOf(searcher.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].kind).toBe("saved_search.matched");
    expect(notices[0].payload).toMatchObject({ href: `/listings/${listingId}`, count: 1 });
  });

  test("words match as the search page reads them: a synonym, a category's words, and any of a want's alternatives", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    // "motorbike" is a synonym of "motorcycle" (core/search/synonyms.ts); "esky" of "cooler".
    const motorbike = await saveSearch(db, { userId: searcher.id, fields: { q: "motorbike" } });
    const esky = await saveSearch(db, { userId: searcher.id, fields: { q: "esky" } });
    const bike = await listItemAs(db, lister.id, { title: "Honda CB500X, 2019", category: "motorcycles" });
    const cooler = await listItemAs(db, lister.id, { title: "Cooler box, 45 litres", category: "sports_outdoors" });
    await dispatch();
    expect((await matchesOf(motorbike.id)).map((m) => m.listingId)).toEqual([bike]);
    expect((await matchesOf(esky.id)).map((m) => m.listingId)).toEqual([cooler]);
    // A want of alternatives: "a swag, or a doona" meets a duvet (doona's synonym) listed later.
    const wanter = await longStandingMember(db);
    const mine = await listItemAs(db, wanter.id, { title: "Makita drop saw", category: "tradie_tools" });
    await db.update(listings).set({ wants: "a swag, or a doona" }).where(eq(listings.id, mine));
    await db.transaction((tx) => keepSavedSearchesInStep(tx as unknown as Db, mine));
    const [want] = await db.select().from(savedSearches).where(eq(savedSearches.listingId, mine));
    const duvet = await listItemAs(db, lister.id, { title: "Queen duvet, feather and down", category: "home_garden" });
    await dispatch();
    expect((await matchesOf(want.id)).map((m) => m.listingId)).toContain(duvet);
  });

  test("a member's own listing never matches their own saved search", async () => {
    const member = await longStandingMember(db);
    const { id } = await saveSearch(db, { userId: member.id, fields: { q: "harpsichord" } });
    await listItemAs(db, member.id, { title: "Flemish harpsichord, two manuals" });
    await dispatch();
    expect(await matchesOf(id)).toEqual([]);
    expect(await noticesOf(member.id)).toEqual([]);
  });

  test("a listing outside the radius, in another category, condition or value range does not match", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    const near = await saveSearch(db, {
      userId: searcher.id,
      fields: { q: "surfboard", location: "Perth WA", radius: "25" },
    });
    const cat = await saveSearch(db, { userId: searcher.id, fields: { q: "surfboard", category: "electronics" } });
    const cond = await saveSearch(db, { userId: searcher.id, fields: { q: "surfboard", condition: "new" } });
    const cheap = await saveSearch(db, { userId: searcher.id, fields: { q: "surfboard", max: "100" } });
    const anywhere = await saveSearch(db, { userId: searcher.id, fields: { q: "surfboards" } });
    // In Bondi, sports, good, $150-250.
    const listingId = await listItemAs(db, lister.id, { title: "Surfboard 6'2 thruster", category: "sports_outdoors" });
    await dispatch();
    for (const s of [near, cat, cond, cheap]) expect(await matchesOf(s.id)).toEqual([]);
    expect((await matchesOf(anywhere.id)).map((m) => m.listingId)).toEqual([listingId]);
  });

  test("a category-only search matches by category, and an edit never matches the same pair twice", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    const { id } = await saveSearch(db, { userId: searcher.id, fields: { category: "collectibles" } });
    const listingId = await listItemAs(db, lister.id, { title: "Vintage Matchbox cars", category: "collectibles" });
    await dispatch();
    const [row] = await db.select().from(listings).where(eq(listings.id, listingId));
    await updateListing(
      { db, storage: createLocalStorage(os.tmpdir()), clock: systemClock },
      {
        listingId,
        actorId: lister.id,
        keep: row.images.map((i) => i.key),
        files: [],
        fields: { ...GOOD_LISTING, title: "Vintage Matchbox cars, boxed", category: "collectibles" },
      },
    );
    await dispatch();
    expect(await matchesOf(id)).toHaveLength(1);
    expect(await noticesOf(searcher.id)).toHaveLength(1);
  });

  test("a paused search matches nothing", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    const { id } = await saveSearch(db, { userId: searcher.id, fields: { q: "trampoline" } });
    await changeSavedSearch(db, { userId: searcher.id, savedSearchId: id, change: { kind: "pause" } });
    await listItemAs(db, lister.id, { title: "Round trampoline 10 ft" });
    await dispatch();
    expect(await matchesOf(id)).toEqual([]);
  });
});

describe("how often a search tells its owner", () => {
  test("instantly: at most one notice an hour; the next listing waits for the job an hour on", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    await saveSearch(db, { userId: searcher.id, fields: { q: "wetsuit" } });
    await listItemAs(db, lister.id, { title: "Wetsuit 3/2 mm, size M" });
    await dispatch();
    await listItemAs(db, lister.id, { title: "Wetsuit booties" });
    await listItemAs(db, lister.id, { title: "Wetsuit hood" });
    await dispatch();
    expect(await noticesOf(searcher.id)).toHaveLength(1);
    const clock = controlledClock(new Date(Date.now() + 30 * 60 * 1000));
    await noticeDueSavedSearches({ db, clock });
    await dispatch();
    expect(await noticesOf(searcher.id)).toHaveLength(1);
    clock.advance(HOUR);
    expect(await noticeDueSavedSearches({ db, clock })).toBeGreaterThanOrEqual(1);
    await dispatch();
    const notices = await noticesOf(searcher.id);
    expect(notices).toHaveLength(2);
    const second = notices.find((n) => (n.payload as { count: number }).count === 2);
    expect(second?.payload).toMatchObject({ href: "/search?q=wetsuit" });
  });

  test("daily: nothing at once, then one notice listing what matched since, a day after", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    const { id } = await saveSearch(db, { userId: searcher.id, fields: { q: "telescope" } });
    await changeSavedSearch(db, {
      userId: searcher.id,
      savedSearchId: id,
      change: { kind: "frequency", frequency: "daily" },
    });
    await listItemAs(db, lister.id, { title: "Telescope 130 mm reflector" });
    await listItemAs(db, lister.id, { title: "Telescope eyepiece set" });
    await dispatch();
    expect(await noticesOf(searcher.id)).toEqual([]);
    await noticeDueSavedSearches({ db, clock: controlledClock(new Date(Date.now() + 23 * HOUR)) });
    await dispatch();
    expect(await noticesOf(searcher.id)).toEqual([]);
    await noticeDueSavedSearches({ db, clock: controlledClock(new Date(Date.now() + 25 * HOUR)) });
    await dispatch();
    const notices = await noticesOf(searcher.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].payload).toMatchObject({ count: 2 });
    const [search] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(search.lastNotifiedAt).not.toBeNull();
  });
});

describe("members who are away", () => {
  test("a member who asked to delete their account, or is suspended, is told nothing", async () => {
    const leaving = await longStandingMember(db);
    const lister = await longStandingMember(db);
    await saveSearch(db, { userId: leaving.id, fields: { q: "didgeridoo" } });
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, leaving.id));
    await listItemAs(db, lister.id, { title: "Didgeridoo, painted" });
    await dispatch();
    await dispatch();
    expect(await noticesOf(leaving.id)).toEqual([]);
  });

  test("another member suspended silences nobody else's searches", async () => {
    // Found in a browser journey: once any member was suspended, no saved search told anyone (the check of the
    // searcher's own profile compared the profile's column with itself).
    const suspended = await longStandingMember(db);
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, suspended.id));
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    await saveSearch(db, { userId: searcher.id, fields: { q: "woomera" } });
    await listItemAs(db, lister.id, { title: "Woomera, hand carved" });
    await dispatch();
    await dispatch();
    expect((await noticesOf(searcher.id)).map((n) => n.kind)).toEqual(["saved_search.matched"]);
  });
});

describe("Matches for you", () => {
  const wants = async (listingId: string, text: string) => {
    await db.update(listings).set({ wants: text }).where(eq(listings.id, listingId));
    await db.transaction((tx) => keepSavedSearchesInStep(tx as unknown as Db, listingId));
  };

  test("two-way matches first, then listings I want and listings of members who want what I have", async () => {
    const me = await longStandingMember(db, "Mia Me");
    const swapper = await longStandingMember(db, "Sam Swapper");
    const seller = await longStandingMember(db, "Cal Cyclist");
    const looker = await longStandingMember(db, "Lou Looker");
    const stranger = await longStandingMember(db, "Stan Stranger");
    const kayak = await listItemAs(db, me.id, { title: "Sit-on-top tandem kayak", category: "boats_marine" });
    await wants(kayak, "a gravel bike");
    // Each listing is matched as it is listed; a want written later meets what is already listed.
    await dispatch();
    // Listed after my want: matched as it is listed.
    const twoWay = await listItemAs(db, swapper.id, { title: "Gravel bike, 54 cm", category: "sports_outdoors" });
    await dispatch();
    await wants(twoWay, "tandem kayak");
    const oneWay = await listItemAs(db, seller.id, { title: "Gravel bike wheels", category: "sports_outdoors" });
    await setLookingFor(db, { userId: looker.id, text: "tandem kayak" });
    const lookersThing = await listItemAs(db, looker.id, { title: "Camping chairs, pair", category: "home_garden" });
    await listItemAs(db, stranger.id, { title: "Pressure washer", category: "tradie_tools" });
    await dispatch();
    await dispatch();

    const found = await findMatchesForYou(db, { userId: me.id });
    expect(found.map((m) => [m.id, m.twoWay])).toEqual([
      [twoWay, true],
      [lookersThing, false],
      [oneWay, false],
    ]);
    expect(found.find((m) => m.id === lookersThing)).toMatchObject({ theyWant: true, iWant: false });
    expect(found.find((m) => m.id === oneWay)).toMatchObject({ theyWant: false, iWant: true });
    // The other side sees the same two-way match, and nobody sees their own listings.
    const theirs = await findMatchesForYou(db, { userId: swapper.id });
    expect(theirs[0]).toMatchObject({ id: kayak, twoWay: true });
    expect(theirs.some((m) => m.ownerId === swapper.id)).toBe(false);
  });
});

describe("listings already there", () => {
  test("a new saved search meets the listings already listed, but tells nobody of them", async () => {
    const lister = await longStandingMember(db);
    const searcher = await longStandingMember(db);
    const listingId = await listItemAs(db, lister.id, { title: "Boomerang, hand painted" });
    await dispatch();
    const { id } = await saveSearch(db, { userId: searcher.id, fields: { q: "boomerang" } });
    expect((await matchesOf(id)).map((m) => [m.listingId, m.notifiedAt !== null])).toEqual([[listingId, true]]);
    await noticeDueSavedSearches({ db, clock: controlledClock(new Date(Date.now() + 2 * HOUR)) });
    await dispatch();
    expect(await noticesOf(searcher.id)).toEqual([]);
    expect((await findMatchesForYou(db, { userId: searcher.id })).map((m) => m.id)).toEqual([listingId]);
  });
});

describe("a listing public again", () => {
  test("a listing held for review and then approved by staff is matched as a new one is", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    const { id } = await saveSearch(db, { userId: searcher.id, fields: { q: "theodolite" } });
    const listingId = await listItemAs(db, lister.id, { title: "Theodolite with tripod" });
    // Held for review before anyone was told (as auto takedown leaves a listing).
    await db.update(listings).set({ moderationStatus: "pending" }).where(eq(listings.id, listingId));
    await dispatch();
    expect(await matchesOf(id)).toEqual([]);
    const moderator = staffActor(await createStaff(db, ["moderator"]), ["moderator"], "127.0.0.1");
    await moderateListings(
      { db },
      { actor: moderator, ids: [listingId], moderation: "approve", now: new Date(), appUrl: "http://localhost" },
    );
    await dispatch();
    expect((await matchesOf(id)).map((m) => m.listingId)).toEqual([listingId]);
  });
});

describe("wants that narrow nothing, change, or no longer apply", () => {
  const wants = async (listingId: string, text: string) => {
    await db.update(listings).set({ wants: text }).where(eq(listings.id, listingId));
    await db.transaction((tx) => keepSavedSearchesInStep(tx as unknown as Db, listingId));
  };
  const wantOf = async (listingId: string) =>
    (await db.select().from(savedSearches).where(eq(savedSearches.listingId, listingId)))[0];

  test("a want, a Looking for phrase or a saved search with no word a search can use matches nothing", async () => {
    const member = await longStandingMember(db);
    const other = await longStandingMember(db);
    await listItemAs(db, other.id, { title: "Anything at all, a teapot" });
    const mine = await listItemAs(db, member.id, { title: "Bosch jigsaw" });
    await wants(mine, "the, or any?");
    expect(await wantOf(mine)).toBeUndefined();
    await expect(setLookingFor(db, { userId: member.id, text: "kayak\nthe" })).rejects.toThrow(
      "“the” has no word we can search for",
    );
    await expect(saveSearch(db, { userId: member.id, fields: { q: "the ?" } })).rejects.toThrow("Type a word");
    expect(await findMatchesForYou(db, { userId: member.id })).toEqual([]);
  });

  test("a saved search's words are all required, as on the results page; only a want's are alternatives", async () => {
    const searcher = await longStandingMember(db);
    const lister = await longStandingMember(db);
    const both = await saveSearch(db, { userId: searcher.id, fields: { q: "quokka, wombat" } });
    const one = await listItemAs(db, lister.id, { title: "Quokka plush toy" });
    await dispatch();
    expect((await matchesOf(both.id)).map((m) => m.listingId)).not.toContain(one);
  });

  test("an edited want forgets what the old words matched", async () => {
    const me = await longStandingMember(db);
    const other = await longStandingMember(db);
    const ladder = await listItemAs(db, other.id, { title: "Gorilla extension ladder" });
    const mine = await listItemAs(db, me.id, { title: "Garden mulcher" });
    await wants(mine, "extension ladder");
    const want = await wantOf(mine);
    expect((await matchesOf(want.id)).map((m) => m.listingId)).toContain(ladder);
    await wants(mine, "wheelbarrow");
    expect((await matchesOf(want.id)).map((m) => m.listingId)).not.toContain(ladder);
  });

  test("a reserved listing's want matches nothing; once swapped, the want is gone", async () => {
    const me = await longStandingMember(db);
    const other = await longStandingMember(db);
    const mine = await listItemAs(db, me.id, { title: "Weber kettle barbecue" });
    await wants(mine, "a stand up paddle board");
    const want = await wantOf(mine);
    await db.update(listings).set({ status: "reserved" }).where(eq(listings.id, mine));
    const board = await listItemAs(db, other.id, { title: "Stand up paddle board, inflatable" });
    await dispatch();
    expect((await matchesOf(want.id)).map((m) => m.listingId)).not.toContain(board);
    await db.update(listings).set({ status: "swapped" }).where(eq(listings.id, mine));
    await db.transaction((tx) => keepSavedSearchesInStep(tx as unknown as Db, mine));
    expect(await wantOf(mine)).toBeUndefined();
  });
});
