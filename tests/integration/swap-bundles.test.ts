// Bundles (issue 29, decision 103): up to 3 of the proposer's listings for up to 2 of the receiver's. Every listing
// of the deal is reserved on acceptance, in one transaction; every other pending proposal holding any of them is
// declined; and of many accepts racing for a listing that is only a bundle's extra, exactly one wins.
import { and, eq, inArray } from "drizzle-orm";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { notifications } from "#db/schema/notifications.ts";
import { describe, expect, test } from "vitest";
import { isAppError } from "#core/shared/app-error.ts";
import { deleteListing, LISTING_IN_SWAP } from "#core/listings/delete-listing.ts";
import { systemClock } from "#core/shared/clock.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { handshakeIfPaid, markPartyPaid } from "#core/swaps/complete-swap-if-paid.ts";
import { findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import {
  OFFERED_NOT_AVAILABLE,
  proposeSwap,
  TOO_MANY_OFFERED,
  TOO_MANY_WANTED,
  WANTED_NOT_AVAILABLE,
} from "#core/swaps/propose-swap.ts";
import { LISTING_NO_LONGER_AVAILABLE, NOT_PENDING } from "#core/swaps/swap-guards.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposalItems, swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember } from "../support/factories";
import { proposalCount, refusal } from "../support/swap-fixtures";
import { setFlag } from "../support/flags";
import { databaseForThisFile } from "../support/database-for-file";

const { db } = await databaseForThisFile();
const deps = { db, clock: systemClock };

const statusOf = async (ids: string[]) => {
  const rows = await db
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(inArray(listings.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};
const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];

/** Ana with three listings, Ben with two: the bundle's two sides. */
async function anaAndBen() {
  const ana = await createMember(db, { name: "Ana Costa" });
  const ben = await createMember(db, { name: "Ben Walker" });
  const mine = [
    await createListing(db, ana.id, { title: "Kayak", valueMin: 300, valueMax: 400 }),
    await createListing(db, ana.id, { title: "Paddle", valueMin: 50, valueMax: 80 }),
    await createListing(db, ana.id, { title: "Life jacket", valueMin: 40, valueMax: 60 }),
  ];
  const theirs = [
    await createListing(db, ben.id, { title: "Paddleboard", valueMin: 400, valueMax: 500 }),
    await createListing(db, ben.id, { title: "Roof racks", valueMin: 60, valueMax: 90 }),
  ];
  return { ana, ben, mine, theirs };
}

describe("proposing a bundle", () => {
  test("three of hers for two of his: every listing is held by the proposal, in order, and both cards list them", async () => {
    const { ana, ben, mine, theirs } = await anaAndBen();
    const { id } = await proposeSwap(deps, {
      proposerId: ana.id,
      offeredListingId: mine[0],
      targetListingId: theirs[0],
      moreOffered: [mine[1], mine[2]],
      moreWanted: [theirs[1]],
    });
    const items = await db.select().from(swapProposalItems).where(eq(swapProposalItems.swapProposalId, id));
    expect(items.map((i) => [i.side, i.position, i.listingId]).sort()).toEqual(
      [
        ["offered", 0, mine[0]],
        ["offered", 1, mine[1]],
        ["offered", 2, mine[2]],
        ["wanted", 0, theirs[0]],
        ["wanted", 1, theirs[1]],
      ].sort(),
    );
    const bens = await findSwapForParty(db, { swapId: id, userId: ben.id });
    expect(bens?.offered.title).toBe("Kayak");
    expect(bens?.moreOffered.map((l) => l.title)).toEqual(["Paddle", "Life jacket"]);
    expect(bens?.target.title).toBe("Paddleboard");
    expect(bens?.moreWanted.map((l) => l.title)).toEqual(["Roof racks"]);
    // Ben's notice names the bundle by its lead listings and how many more.
    await dispatchEvents({ db, appUrl: "https://swapshed.test" });
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ben.id), eq(notifications.kind, "proposal.received")));
    expect(notice.payload).toMatchObject({ theirs: "Kayak + 2 more", mine: "Paddleboard + 1 more" });
    // A form that sends the lead again among the extras counts it once.
    const again = await proposeSwap(deps, {
      proposerId: ana.id,
      offeredListingId: mine[1],
      targetListingId: theirs[1],
      moreOffered: [mine[1]],
    });
    expect(
      await db.select().from(swapProposalItems).where(eq(swapProposalItems.swapProposalId, again.id)),
    ).toHaveLength(2);
  });

  test("too many, someone else's, or not an id: refused with the side's message, and nothing is written", async () => {
    const { ana, mine, theirs, ben } = await anaAndBen();
    const fourth = await createListing(db, ana.id, { title: "Wetsuit" });
    const third = await createListing(db, ben.id, { title: "Pump" });
    const cleo = await createMember(db, { name: "Cleo" });
    const cleos = await createListing(db, cleo.id, { title: "Cleo's bike" });
    const before = await proposalCount(db);
    const base = { proposerId: ana.id, offeredListingId: mine[0], targetListingId: theirs[0] };
    const cases: [Record<string, unknown>, string][] = [
      [{ moreOffered: [mine[1], mine[2], fourth] }, TOO_MANY_OFFERED],
      [{ moreWanted: [theirs[1], third] }, TOO_MANY_WANTED],
      // Someone else's listing offered as hers; a third member's listing asked of Ben; Ben's offered as hers.
      [{ moreOffered: [cleos] }, OFFERED_NOT_AVAILABLE],
      [{ moreWanted: [cleos] }, WANTED_NOT_AVAILABLE],
      [{ moreOffered: [theirs[1]] }, OFFERED_NOT_AVAILABLE],
      [{ moreWanted: [mine[1]] }, WANTED_NOT_AVAILABLE],
      [{ moreWanted: ["not-an-id"] }, WANTED_NOT_AVAILABLE],
      [{ moreOffered: [{ id: mine[1] }] }, OFFERED_NOT_AVAILABLE],
      [{ moreOffered: Array.from({ length: 10 }, () => mine[1]) }, TOO_MANY_OFFERED],
    ];
    for (const [extra, message] of cases) {
      expect(await refusal(proposeSwap(deps, { ...base, ...extra })), JSON.stringify(extra)).toMatchObject({
        code: "VALIDATION",
        message,
      });
    }
    expect(await proposalCount(db)).toBe(before);
  });

  test("an extra listing that is no longer public cannot be asked for", async () => {
    const { ana, mine, theirs } = await anaAndBen();
    await db.update(listings).set({ status: "cancelled" }).where(eq(listings.id, theirs[1]));
    expect(
      await refusal(
        proposeSwap(deps, {
          proposerId: ana.id,
          offeredListingId: mine[0],
          targetListingId: theirs[0],
          moreWanted: [theirs[1]],
        }),
      ),
    ).toMatchObject({ message: WANTED_NOT_AVAILABLE });
  });
});

describe("accepting a bundle", () => {
  test("all five listings are reserved at once, and every pending proposal holding any of them is declined", async () => {
    const { ana, ben, mine, theirs } = await anaAndBen();
    const cleo = await createMember(db, { name: "Cleo" });
    const cleos = await createListing(db, cleo.id, { title: "Cleo's bike" });
    // Cleo wants Ben's roof racks (only an extra of Ana's bundle); Ben wants Cleo's bike for his roof racks; and
    // Cleo asked for Ana's paddle (an extra on Ana's side) in a bundle of her own.
    const forRacks = await proposeSwap(deps, {
      proposerId: cleo.id,
      offeredListingId: cleos,
      targetListingId: theirs[1],
    });
    const racksOffered = await proposeSwap(deps, {
      proposerId: ben.id,
      offeredListingId: theirs[1],
      targetListingId: cleos,
    });
    const cleoBundle = await proposeSwap(deps, {
      proposerId: cleo.id,
      offeredListingId: cleos,
      targetListingId: mine[2],
      moreWanted: [mine[1]],
    });
    const untouched = await proposeSwap(deps, {
      proposerId: cleo.id,
      offeredListingId: cleos,
      targetListingId: await createListing(db, ben.id, { title: "Ben's tent" }),
    });
    const { id } = await proposeSwap(deps, {
      proposerId: ana.id,
      offeredListingId: mine[0],
      targetListingId: theirs[0],
      moreOffered: [mine[1], mine[2]],
      moreWanted: [theirs[1]],
    });

    const accepted = await acceptSwap(deps, { swapId: id, actorId: ben.id });
    expect(accepted.rejectedIds.sort()).toEqual([forRacks.id, racksOffered.id, cleoBundle.id].sort());
    expect(await statusOf([...mine, ...theirs])).toEqual(Array(5).fill("reserved"));
    for (const declined of [forRacks.id, racksOffered.id, cleoBundle.id])
      expect(await swapRow(declined)).toMatchObject({
        status: "rejected",
        rejectionReason: LISTING_NO_LONGER_AVAILABLE,
      });
    expect((await swapRow(untouched.id)).status).toBe("pending");
    expect(await statusOf([cleos])).toEqual(["active"]);

    // A listing in the accepted bundle cannot be deleted from under it, an extra as much as a lead.
    expect(await refusal(deleteListing(deps, { listingId: mine[2], actorId: ana.id }))).toMatchObject({
      message: LISTING_IN_SWAP,
    });

    // The handshake marks all five swapped.
    await markPartyPaid(db, { swapId: id, userId: ana.id });
    await markPartyPaid(db, { swapId: id, userId: ben.id });
    expect(await handshakeIfPaid(db, { swapId: id, now: new Date() })).toBe(true);
    expect(await statusOf([...mine, ...theirs])).toEqual(Array(5).fill("swapped"));
  });

  test("a bundle whose extra listing went while it waited cannot be accepted, and nothing is reserved", async () => {
    const { ana, ben, mine, theirs } = await anaAndBen();
    const { id } = await proposeSwap(deps, {
      proposerId: ana.id,
      offeredListingId: mine[0],
      targetListingId: theirs[0],
      moreOffered: [mine[2]],
    });
    // Deleting an extra declines the bundle that held it.
    await deleteListing(deps, { listingId: mine[2], actorId: ana.id });
    expect(await swapRow(id)).toMatchObject({ status: "rejected", rejectionReason: LISTING_NO_LONGER_AVAILABLE });
    expect(await refusal(acceptSwap(deps, { swapId: id, actorId: ben.id }))).toMatchObject({ message: NOT_PENDING });
    expect(await statusOf([mine[0], theirs[0]])).toEqual(["active", "active"]);

    // An extra taken out of the market another way (hidden by its owner) leaves the bundle pending, but accepting
    // it reserves nothing.
    const second = await proposeSwap(deps, {
      proposerId: ana.id,
      offeredListingId: mine[0],
      targetListingId: theirs[0],
      moreOffered: [mine[1]],
    });
    await db.update(listings).set({ status: "cancelled" }).where(eq(listings.id, mine[1]));
    expect(await refusal(acceptSwap(deps, { swapId: second.id, actorId: ben.id }))).toMatchObject({
      code: "CONFLICT",
      message: LISTING_NO_LONGER_AVAILABLE,
    });
    expect((await swapRow(second.id)).status).toBe("pending");
    expect(await statusOf([mine[0], theirs[0]])).toEqual(["active", "active"]);
  });

  test("20 bundles that share only an extra listing, accepted all at once: exactly one wins, and no loser reserved anything", async () => {
    const ben = await createMember(db, { name: "Ben Walker" });
    const shared = await createListing(db, ben.id, { title: "Roof racks" });
    const proposals: { swapId: string; listings: string[] }[] = [];
    for (let i = 0; i < 20; i++) {
      const proposer = await createMember(db);
      const offered = await createListing(db, proposer.id);
      const target = await createListing(db, ben.id);
      const { id } = await proposeSwap(deps, {
        proposerId: proposer.id,
        offeredListingId: offered,
        targetListingId: target,
        moreWanted: [shared],
      });
      proposals.push({ swapId: id, listings: [offered, target] });
    }

    const results = await Promise.allSettled(
      proposals.map((p) => acceptSwap(deps, { swapId: p.swapId, actorId: ben.id })),
    );

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected")
        expect([isAppError(r.reason) && r.reason.code, r.reason.message]).toEqual(["CONFLICT", NOT_PENDING]);
    const winner = proposals[results.findIndex((r) => r.status === "fulfilled")];
    expect(await statusOf([...winner.listings, shared])).toEqual(["reserved", "reserved", "reserved"]);
    const losers = proposals.filter((p) => p !== winner);
    expect(new Set(await statusOf(losers.flatMap((p) => p.listings)))).toEqual(new Set(["active"]));
    const rows = await db
      .select()
      .from(swapProposals)
      .where(
        inArray(
          swapProposals.id,
          losers.map((p) => p.swapId),
        ),
      );
    expect(rows.every((r) => r.status === "rejected" && r.rejectionReason === LISTING_NO_LONGER_AVAILABLE)).toBe(true);
  });

  test("with payments off a bundle goes straight to the handshake: all its listings swapped", async () => {
    const { ana, ben, mine, theirs } = await anaAndBen();
    await setFlag(db, "enable_swap_payments", false);
    try {
      const { id } = await proposeSwap(deps, {
        proposerId: ana.id,
        offeredListingId: mine[0],
        targetListingId: theirs[0],
        moreOffered: [mine[1]],
        moreWanted: [theirs[1]],
      });
      expect((await acceptSwap(deps, { swapId: id, actorId: ben.id })).status).toBe("arranging");
      expect(await statusOf([mine[0], mine[1], theirs[0], theirs[1]])).toEqual(Array(4).fill("swapped"));
      expect(await statusOf([mine[2]])).toEqual(["active"]);
    } finally {
      await setFlag(db, "enable_swap_payments", true);
    }
  });
});
