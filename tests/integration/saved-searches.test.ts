// Saved searches' rules (issue 27, decision 091): saving from a results page's fields (with clear refusals and a
// limit held under concurrency), renaming, pausing, how often, deleting, only one's own; wants kept in step with
// their listing and the Looking for list; the page's form for a signed-out visitor; the data download and the
// purge of a deleted account.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import * as savedSearchesRoute from "#app/routes/account/saved-searches.tsx";
import { collectMemberData } from "#core/accounts/collect-member-data.ts";
import { purgeDeletedMembers } from "#core/accounts/purge-deleted-members.ts";
import { deleteListing } from "#core/listings/delete-listing.ts";
import { changeSavedSearch } from "#core/saved-searches/change-saved-search.ts";
import { deleteSavedSearch } from "#core/saved-searches/delete-saved-search.ts";
import { findSavedSearches } from "#core/saved-searches/find-saved-searches.ts";
import { keepSavedSearchesInStep } from "#core/saved-searches/keep-listing-wants.ts";
import { saveSearch } from "#core/saved-searches/save-search.ts";
import {
  CHANGE_WANT_AT_SOURCE,
  LOOKING_FOR_TOO_LONG,
  MAX_SAVED_SEARCHES,
  NAME_REQUIRED,
  NOTHING_TO_SAVE,
  PLACE_NOT_FOUND,
  SAVED_SEARCH_NOT_FOUND,
  TOO_MANY_LOOKING_FOR,
  TOO_MANY_SAVED_SEARCHES,
  UNKNOWN_FREQUENCY,
} from "#core/saved-searches/saved-search-rules.ts";
import { setLookingFor } from "#core/saved-searches/set-looking-for.ts";
import { systemClock } from "#core/shared/clock.ts";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { createListing, createMember } from "../support/factories";
import { answerOrRefusal } from "../support/refusal";
import { routeContext } from "../support/route-context";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const testApp = createTestApp(handle);
afterAll(() => closeTestDatabase(handle));

const searchesOf = (userId: string) => db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
const refusalOf = (run: Promise<unknown>) => answerOrRefusal(run);

describe("saving a search", () => {
  test("keeps what the results page searched: words as lexemes, the place as coordinates and 0.2° cells", async () => {
    const member = await createMember(db);
    const { id, created } = await saveSearch(db, {
      userId: member.id,
      fields: { q: "Kayaks", location: "Parramatta NSW 2150", radius: "25", category: "boats_marine", min: "100" },
    });
    expect(created).toBe(true);
    const [row] = await searchesOf(member.id);
    expect(row).toMatchObject({
      id,
      source: "search",
      q: "Kayaks",
      location: "Parramatta NSW 2150",
      radiusKm: 25,
      category: "boats_marine",
      minValue: 100,
      maxValue: null,
      // The word and its synonyms (core/search/synonyms.ts), as the search page reads them.
      terms: ["cano", "kayak"],
      frequency: "instantly",
      paused: false,
      name: "Kayaks in Boats & Marine near Parramatta (25 km)",
    });
    expect(row.latitude).toBeCloseTo(-33.81, 1);
    // 25 km around Parramatta: the cells of its box, its own cell among them.
    const own = Math.floor(row.latitude! * 5) * 10_000 + Math.floor(row.longitude! * 5);
    expect(row.geoCells).toContain(own);
    expect(row.geoCells!.length).toBeGreaterThan(4);
    expect(row.geoCells!.length).toBeLessThan(40);
  });

  test("saving the same search again keeps the one already saved", async () => {
    const member = await createMember(db);
    const first = await saveSearch(db, { userId: member.id, fields: { q: "ute" } });
    const again = await saveSearch(db, { userId: member.id, fields: { q: "ute" } });
    expect(again).toEqual({ id: first.id, created: false });
    expect(await searchesOf(member.id)).toHaveLength(1);
  });

  test("a place that is not found, or a search with nothing in it, is refused with a clear message", async () => {
    const member = await createMember(db);
    expect(
      await refusalOf(saveSearch(db, { userId: member.id, fields: { q: "bike", location: "Nowhereville" } })),
    ).toMatchObject({ status: 400, message: PLACE_NOT_FOUND, details: { field: "location" } });
    expect(await refusalOf(saveSearch(db, { userId: member.id, fields: {} }))).toMatchObject({
      status: 400,
      message: NOTHING_TO_SAVE,
    });
    // A place without a distance would match the whole country: nothing to save either.
    expect(
      await refusalOf(saveSearch(db, { userId: member.id, fields: { location: "Bondi NSW 2026" } })),
    ).toMatchObject({ message: NOTHING_TO_SAVE });
    expect(await searchesOf(member.id)).toEqual([]);
  });

  test(`at most ${MAX_SAVED_SEARCHES} searches, even when the last places are taken at once`, async () => {
    const member = await createMember(db);
    await db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES - 2 }, (_, i) => ({
        userId: member.id,
        name: `Search ${i}`,
        q: `word${i}`,
        terms: [`word${i}`],
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refusalOf(saveSearch(db, { userId: member.id, fields: { q: `race ${i}` } }))),
    );
    expect(answers.filter((a) => "created" in (a as object))).toHaveLength(2);
    expect(answers.filter((a) => (a as Error).message === TOO_MANY_SAVED_SEARCHES)).toHaveLength(4);
    expect(await searchesOf(member.id)).toHaveLength(MAX_SAVED_SEARCHES);
  });
});

describe("changing a saved search", () => {
  test("rename, how often, pause and resume; bad values are refused and change nothing", async () => {
    const member = await createMember(db);
    const { id } = await saveSearch(db, { userId: member.id, fields: { q: "esky" } });
    const change = (c: Parameters<typeof changeSavedSearch>[1]["change"]) =>
      changeSavedSearch(db, { userId: member.id, savedSearchId: id, change: c });
    await change({ kind: "rename", name: "  Eskies   for camping " });
    await change({ kind: "frequency", frequency: "weekly" });
    await change({ kind: "pause" });
    expect((await searchesOf(member.id))[0]).toMatchObject({
      name: "Eskies for camping",
      frequency: "weekly",
      paused: true,
    });
    await change({ kind: "resume" });
    expect(await refusalOf(change({ kind: "rename", name: "   " }))).toMatchObject({
      status: 400,
      message: NAME_REQUIRED,
    });
    expect(await refusalOf(change({ kind: "frequency", frequency: "hourly" }))).toMatchObject({
      status: 400,
      message: UNKNOWN_FREQUENCY,
    });
    expect((await searchesOf(member.id))[0]).toMatchObject({
      name: "Eskies for camping",
      frequency: "weekly",
      paused: false,
    });
  });

  test("another member's saved search answers as a missing one, and stays as it was", async () => {
    const owner = await createMember(db);
    const stranger = await createMember(db);
    const { id } = await saveSearch(db, { userId: owner.id, fields: { q: "doona" } });
    for (const attempt of [
      () => changeSavedSearch(db, { userId: stranger.id, savedSearchId: id, change: { kind: "pause" } }),
      () => changeSavedSearch(db, { userId: stranger.id, savedSearchId: id, change: { kind: "rename", name: "Mine" } }),
      () => deleteSavedSearch(db, { userId: stranger.id, savedSearchId: id }),
      () => deleteSavedSearch(db, { userId: stranger.id, savedSearchId: "not-a-uuid" }),
    ])
      expect(await refusalOf(attempt())).toMatchObject({ status: 404, message: SAVED_SEARCH_NOT_FOUND });
    expect((await searchesOf(owner.id))[0]).toMatchObject({ id, name: "doona", paused: false });
    await deleteSavedSearch(db, { userId: owner.id, savedSearchId: id });
    expect(await searchesOf(owner.id)).toEqual([]);
  });
});

describe("wants are saved searches", () => {
  const keepInStep = (listingId: string) =>
    db.transaction((tx) => keepSavedSearchesInStep(tx as unknown as Db, listingId));

  test("a listing's 'What I'd swap it for' is one saved search, kept in step with edits and gone with the listing", async () => {
    const owner = await createMember(db);
    const listingId = await createListing(db, owner.id, {
      title: "Honda CB500X",
      wants: "A small car, a ute or a box trailer",
      wantsCategories: ["cars_vehicles"],
    });
    await keepInStep(listingId);
    const [want] = await searchesOf(owner.id);
    expect(want).toMatchObject({
      source: "listing_wants",
      listingId,
      name: "Swap for “Honda CB500X”",
      categories: ["cars_vehicles"],
    });
    expect(want.terms).toEqual(expect.arrayContaining(["car", "ute", "trailer", "box", "small"]));
    // Its own settings survive an edit of the wants.
    await changeSavedSearch(db, {
      userId: owner.id,
      savedSearchId: want.id,
      change: { kind: "frequency", frequency: "daily" },
    });
    await db.update(listings).set({ wants: "A HiLux" }).where(eq(listings.id, listingId));
    await keepInStep(listingId);
    expect(await searchesOf(owner.id)).toEqual([
      expect.objectContaining({ id: want.id, frequency: "daily", terms: ["hilux"] }),
    ]);
    // Not renamed or deleted here: it is changed where it comes from.
    expect(await refusalOf(deleteSavedSearch(db, { userId: owner.id, savedSearchId: want.id }))).toMatchObject({
      status: 409,
      message: CHANGE_WANT_AT_SOURCE,
    });
    await deleteListing({ db, clock: systemClock }, { listingId, actorId: owner.id });
    expect(await searchesOf(owner.id)).toEqual([]);
  });

  test("wants cleared: the saved search goes", async () => {
    const owner = await createMember(db);
    const listingId = await createListing(db, owner.id, { wants: "kayak" });
    await keepInStep(listingId);
    expect(await searchesOf(owner.id)).toHaveLength(1);
    await db.update(listings).set({ wants: "" }).where(eq(listings.id, listingId));
    await keepInStep(listingId);
    expect(await searchesOf(owner.id)).toEqual([]);
  });

  test("the Looking for list: up to 10 short phrases, each a saved search, kept in step", async () => {
    const member = await createMember(db);
    expect(await setLookingFor(db, { userId: member.id, text: "Kayak\nride-on mower, kayak\n\n" })).toEqual([
      "Kayak",
      "ride-on mower",
    ]);
    const first = await findSavedSearches(db, { userId: member.id });
    expect(first.map((s) => [s.source, s.q]).sort()).toEqual([
      ["looking_for", "Kayak"],
      ["looking_for", "ride-on mower"],
    ]);
    const kayak = first.find((s) => s.q === "Kayak")!;
    await changeSavedSearch(db, { userId: member.id, savedSearchId: kayak.id, change: { kind: "pause" } });
    await setLookingFor(db, { userId: member.id, text: "Kayak\nesky" });
    const after = await findSavedSearches(db, { userId: member.id });
    expect(after.map((s) => s.q).sort()).toEqual(["Kayak", "esky"]);
    expect(after.find((s) => s.q === "Kayak")).toMatchObject({ id: kayak.id, paused: true, href: "/search?q=Kayak" });

    const eleven = Array.from({ length: 11 }, (_, i) => `thing ${i}`).join("\n");
    expect(await refusalOf(setLookingFor(db, { userId: member.id, text: eleven }))).toMatchObject({
      status: 400,
      message: TOO_MANY_LOOKING_FOR,
    });
    expect(await refusalOf(setLookingFor(db, { userId: member.id, text: "x".repeat(61) }))).toMatchObject({
      message: LOOKING_FOR_TOO_LONG,
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(profile.lookingFor).toEqual(["Kayak", "esky"]);
    expect(await searchesOf(member.id)).toHaveLength(2);
  });
});

describe("the page's forms", () => {
  const post = (fields: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}/account/saved-searches`, { method: "POST", body: new URLSearchParams(fields) });
  const contextFor = (user: { id: string; name: string; email: string } | null) =>
    routeContext({
      testApp,
      db,
      clock: systemClock,
      meta: { ip: "198.51.100.7", userAgent: "vitest", headers: new Headers() },
      getUser: async () => (user ? { ...user, emailVerified: true, role: null } : null) as never,
    });
  const answer = (request: Request, context: ReturnType<typeof contextFor>) =>
    savedSearchesRoute
      .action({ request, params: {}, context } as never)
      .catch((thrown: unknown) => thrown) as Promise<Response>;

  test("'Save this search' from a signed-out visitor goes to sign in, then back to the same search", async () => {
    const response = await answer(
      post({ intent: "save", q: "kayak", location: "Bondi NSW 2026", radius: "25" }),
      contextFor(null),
    );
    expect(response.status).toBe(302);
    const to = new URL(response.headers.get("location")!, TEST_ORIGIN);
    expect(to.pathname).toBe("/auth");
    expect(to.searchParams.get("redirectTo")).toBe("/search?q=kayak&location=Bondi+NSW+2026&radius=25");
  });

  test("a member's save goes back to the results with a message; a refusal says why there, and saves nothing", async () => {
    const member = await createMember(db);
    const saved = await answer(post({ intent: "save", q: "tinny", category: "boats_marine" }), contextFor(member));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/search?q=tinny&category=boats_marine");
    expect(saved.headers.get("set-cookie")).toContain("flash");
    expect(await searchesOf(member.id)).toHaveLength(1);
    const refused = await answer(post({ intent: "save", location: "Atlantis" }), contextFor(member));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/search?location=Atlantis");
    expect(await searchesOf(member.id)).toHaveLength(1);
  });

  test("the page lists the member's own searches and wants only", async () => {
    const member = await createMember(db);
    const other = await createMember(db);
    await saveSearch(db, { userId: member.id, fields: { q: "thongs" } });
    await saveSearch(db, { userId: other.id, fields: { q: "not mine" } });
    await setLookingFor(db, { userId: member.id, text: "doona" });
    const data = (await savedSearchesRoute.loader({
      request: new Request(`${TEST_ORIGIN}/account/saved-searches`),
      params: {},
      context: contextFor(member),
    } as never)) as Awaited<ReturnType<typeof savedSearchesRoute.loader>>;
    expect(data.searches.map((s) => [s.name, s.source]).sort()).toEqual([
      ["doona", "looking_for"],
      ["thongs", "search"],
    ]);
  });
});

describe("a member's data", () => {
  test("the data download includes their saved searches and wants", async () => {
    const member = await createMember(db);
    await saveSearch(db, { userId: member.id, fields: { q: "surfboard", location: "Bondi NSW 2026", radius: "10" } });
    await setLookingFor(db, { userId: member.id, text: "wetsuit" });
    const data = await collectMemberData(db, { userId: member.id, now: new Date() });
    expect(data.savedSearches.map((s) => [s.source, s.q, s.location]).sort()).toEqual([
      ["looking_for", "wetsuit", ""],
      ["search", "surfboard", "Bondi NSW 2026"],
    ]);
  });

  test("a deleted account's saved searches and Looking for list are purged with it", async () => {
    const member = await createMember(db, { deleted: true });
    await saveSearch(db, { userId: member.id, fields: { q: "trailer" } });
    await setLookingFor(db, { userId: member.id, text: "box trailer" });
    await db
      .update(profiles)
      .set({ permanentDeletionAt: sql`now() - interval '1 minute'` })
      .where(eq(profiles.userId, member.id));
    await purgeDeletedMembers({ db, clock: systemClock });
    expect(await searchesOf(member.id)).toEqual([]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(profile.lookingFor).toEqual([]);
  });
});
