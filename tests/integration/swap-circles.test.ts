// Swap circles as proposals (issue 29): a circle is offered to its members as one proposal; all accept within
// 48 hours or it lapses; the last acceptance reserves every listing at once (all or nothing) and takes them from
// every other pending swap and open circle; any one declining or lapsing closes it, with nothing reserved.
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import {
  CIRCLE_ALREADY_ACCEPTED,
  CIRCLE_LISTING_GONE,
  CIRCLE_MEMBER_NOT_ACTIVE,
  CIRCLE_NOT_FOUND,
  CIRCLE_NOT_OPEN,
} from "#core/circles/circle-guards.ts";
import { declineCircle } from "#core/circles/decline-circle.ts";
import { lapseCircles } from "#core/circles/lapse-circles.ts";
import { CIRCLE_ANSWER_HOURS, offerCircle } from "#core/circles/offer-circle.ts";
import { isAppError } from "#core/shared/app-error.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { listingsWithSwapHistory } from "#core/swaps/deal-items.ts";
import { type Circle, circleKey } from "#core/swaps/find-swap-circles.ts";
import { LISTING_NO_LONGER_AVAILABLE } from "#core/swaps/swap-guards.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { databaseForThisFile } from "../support/database-for-file";
import { createListing, createMember, createSwap } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";

const { db } = await databaseForThisFile();
const START = "2026-11-20T01:00:00.000Z";
const clock = controlledClock(START);
const deps = { db, clock };
beforeEach(() => clock.set(START));

/** A circle over these members and their listings, in cycle order: each gives theirs to the next. */
function circleOf(members: { id: string }[], listingIds: string[]): Circle {
  const legs = members.map((m, i) => ({
    giverId: m.id,
    listingId: listingIds[i],
    receiverId: members[(i + 1) % members.length].id,
  }));
  return { legs, key: circleKey(legs), fairness: 1 };
}

/** Ana, Ben and Cleo, with a listing each, and the circle Ana -> Ben -> Cleo -> Ana. */
async function threeMembers() {
  const members = [
    await createMember(db, { name: "Ana Costa" }),
    await createMember(db, { name: "Ben Walker" }),
    await createMember(db, { name: "Cleo Park" }),
  ];
  const owned = [
    await createListing(db, members[0].id, { title: "Kayak" }),
    await createListing(db, members[1].id, { title: "Paddleboard" }),
    await createListing(db, members[2].id, { title: "Surfboard" }),
  ];
  return { members, owned, circle: circleOf(members, owned) };
}

async function offer(circle: Circle) {
  return db.transaction((tx) => offerCircle(tx, circle, { now: clock.now() }));
}
async function offered(circle: Circle) {
  const id = await offer(circle);
  if (!id) throw new Error("expected the circle to be offered");
  return id;
}
const circleRow = async (id: string) => (await db.select().from(swapCircles).where(eq(swapCircles.id, id)))[0];
const statusOf = async (ids: string[]) => {
  const rows = await db
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(inArray(listings.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};
const acceptances = async (circleId: string) =>
  (await db.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, circleId))).filter((l) => l.acceptedAt)
    .length;
const accept = (circleId: string, member: { id: string }) => acceptCircle(deps, { circleId, userId: member.id });

describe("offering a circle", () => {
  test("writes the circle, open for 48 hours, and its legs in cycle order; the same circle is not offered twice", async () => {
    const { members, owned, circle } = await threeMembers();
    const id = await offered(circle);
    expect(await circleRow(id)).toMatchObject({
      key: circle.key,
      status: "offered",
      expiresAt: new Date(clock.now().getTime() + CIRCLE_ANSWER_HOURS * HOUR),
      acceptedAt: null,
    });
    const legs = await db
      .select()
      .from(swapCircleLegs)
      .where(eq(swapCircleLegs.circleId, id))
      .orderBy(swapCircleLegs.position);
    expect(legs.map((l) => [l.position, l.giverId, l.listingId, l.receiverId, l.acceptedAt])).toEqual([
      [0, members[0].id, owned[0], members[1].id, null],
      [1, members[1].id, owned[1], members[2].id, null],
      [2, members[2].id, owned[2], members[0].id, null],
    ]);
    expect(await offer(circle)).toBeNull();
    // Nothing is reserved while a circle is offered.
    expect(await statusOf(owned)).toEqual(["active", "active", "active"]);
  });

  test("not offered when a listing is not public and on offer, or the circle is not a circle", async () => {
    for (const change of [{ status: "reserved" as const }, { status: "cancelled" as const }]) {
      const { owned, circle } = await threeMembers();
      await db.update(listings).set(change).where(eq(listings.id, owned[1]));
      expect(await offer(circle), JSON.stringify(change)).toBeNull();
    }
    const held = await threeMembers();
    await db.update(listings).set({ moderationStatus: "pending" }).where(eq(listings.id, held.owned[2]));
    expect(await offer(held.circle)).toBeNull();
    const suspended = await threeMembers();
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, suspended.members[0].id));
    expect(await offer(suspended.circle)).toBeNull();
    // A leg that gives someone else's listing, or one member twice.
    const { members, owned, circle } = await threeMembers();
    expect(await offer(circleOf(members, [owned[1], owned[0], owned[2]]))).toBeNull();
    expect(await offer(circleOf([members[0], members[0]], [owned[0], owned[0]]))).toBeNull();
    expect(await offer(circle)).not.toBeNull();
  });
});

describe("a listing's history", () => {
  test("a listing a circle held keeps its row like one a swap held (the purge and staff deletion tombstone it)", async () => {
    const { owned, circle } = await threeMembers();
    const loose = await createListing(db, circle.legs[0].giverId, { title: "Spare paddle" });
    await offered(circle);
    expect([...(await listingsWithSwapHistory(db, [...owned, loose]))].sort()).toEqual([...owned].sort());
  });
});

describe("accepting a circle", () => {
  test("the last of three acceptances reserves all three, declines a swap holding one and cancels a circle sharing one", async () => {
    const { members, owned, circle } = await threeMembers();
    const id = await offered(circle);
    // Dan proposed a swap for Ben's paddleboard; Ana and Dan are in another circle over Ana's kayak.
    const dan = await createMember(db, { name: "Dan Ito" });
    const dans = await createListing(db, dan.id, { title: "Tent" });
    const proposal = await createSwap(db, {
      status: "pending",
      proposerId: dan.id,
      offeredListingId: dans,
      receiverId: members[1].id,
      targetListingId: owned[1],
      at: clock.now(),
    });
    const elsewhere = await createSwap(db, { status: "pending", at: clock.now() });
    const sharing = await offered(circleOf([members[0], dan], [owned[0], dans]));

    expect(await accept(id, members[0])).toMatchObject({ status: "offered" });
    expect(await accept(id, members[1])).toMatchObject({ status: "offered" });
    expect(await statusOf(owned)).toEqual(["active", "active", "active"]);
    expect((await circleRow(id)).status).toBe("offered");

    clock.advance(HOUR);
    const last = await accept(id, members[2]);
    expect(last).toEqual({ status: "accepted", rejectedSwapIds: [proposal.swapId], cancelledCircleIds: [sharing] });
    expect(await statusOf(owned)).toEqual(["reserved", "reserved", "reserved"]);
    expect(await circleRow(id)).toMatchObject({ status: "accepted", acceptedAt: clock.now() });
    expect(await acceptances(id)).toBe(3);
    const [declined] = await db.select().from(swapProposals).where(eq(swapProposals.id, proposal.swapId));
    expect(declined).toMatchObject({ status: "rejected", rejectionReason: LISTING_NO_LONGER_AVAILABLE });
    const [untouched] = await db.select().from(swapProposals).where(eq(swapProposals.id, elsewhere.swapId));
    expect(untouched.status).toBe("pending");
    expect(await circleRow(sharing)).toMatchObject({ status: "cancelled", closeReason: "listing_taken" });
    expect(await statusOf([dans])).toEqual(["active"]);
  });

  test("a non-member is told it does not exist, and nothing changes", async () => {
    const { circle } = await threeMembers();
    const id = await offered(circle);
    const stranger = await createMember(db, { name: "Sam Stranger" });
    for (const circleId of [id, "not-an-id", crypto.randomUUID()])
      expect(await refusal(acceptCircle(deps, { circleId, userId: stranger.id }))).toEqual({
        code: "NOT_FOUND",
        message: CIRCLE_NOT_FOUND,
      });
    expect(await refusal(declineCircle(deps, { circleId: id, userId: stranger.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await acceptances(id)).toBe(0);
    expect((await circleRow(id)).status).toBe("offered");
  });

  test("accepting twice is refused", async () => {
    const { members, circle } = await threeMembers();
    const id = await offered(circle);
    await accept(id, members[0]);
    expect(await refusal(accept(id, members[0]))).toEqual({ code: "CONFLICT", message: CIRCLE_ALREADY_ACCEPTED });
    expect(await acceptances(id)).toBe(1);
  });

  test("refused while a member's account is not active", async () => {
    const { members, circle } = await threeMembers();
    const id = await offered(circle);
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, members[2].id));
    expect(await refusal(accept(id, members[0]))).toMatchObject({ message: CIRCLE_MEMBER_NOT_ACTIVE });
    expect(await acceptances(id)).toBe(0);
  });

  test("a listing no longer on offer at the last acceptance: refused, nothing reserved, the circle cancelled", async () => {
    const { members, owned, circle } = await threeMembers();
    const id = await offered(circle);
    await accept(id, members[0]);
    await accept(id, members[1]);
    // Cleo withdrew her surfboard from the market in the meantime (an accepted swap cancels the circle at once:
    // "an ordinary swap taking a listing" below).
    await db.update(listings).set({ status: "cancelled" }).where(eq(listings.id, owned[2]));

    expect(await refusal(accept(id, members[2]))).toEqual({ code: "CONFLICT", message: CIRCLE_LISTING_GONE });
    expect(await statusOf(owned)).toEqual(["active", "active", "cancelled"]);
    expect(await circleRow(id)).toMatchObject({ status: "cancelled", closeReason: "listing_gone", acceptedAt: null });
    expect(await acceptances(id)).toBe(2);
    expect(await refusal(accept(id, members[2]))).toMatchObject({ message: CIRCLE_NOT_OPEN });
  });
});

describe("an ordinary swap taking a listing", () => {
  test("accepting a swap cancels every circle offered with one of its listings, and only those", async () => {
    const { members, owned, circle } = await threeMembers();
    const id = await offered(circle);
    const other = await threeMembers();
    const untouched = await offered(other.circle);
    const dan = await createMember(db, { name: "Dan Ito" });
    const { swapId } = await createSwap(db, {
      status: "pending",
      proposerId: dan.id,
      offeredListingId: await createListing(db, dan.id, { title: "Tent" }),
      receiverId: members[1].id,
      targetListingId: owned[1],
      at: clock.now(),
    });
    await acceptSwap(deps, { swapId, actorId: members[1].id });
    expect(await circleRow(id)).toMatchObject({ status: "cancelled", closeReason: "listing_taken" });
    expect((await circleRow(untouched)).status).toBe("offered");
    expect(await refusal(accept(id, members[0]))).toEqual({ code: "CONFLICT", message: CIRCLE_NOT_OPEN });
  });
});

describe("declining and lapsing", () => {
  test("one member declining closes it for everyone, and a later accept is refused", async () => {
    const { members, owned, circle } = await threeMembers();
    const id = await offered(circle);
    await accept(id, members[0]);
    await declineCircle(deps, { circleId: id, userId: members[1].id });
    expect(await circleRow(id)).toMatchObject({
      status: "declined",
      closedAt: clock.now(),
      closedById: members[1].id,
    });
    expect(await refusal(accept(id, members[2]))).toEqual({ code: "CONFLICT", message: CIRCLE_NOT_OPEN });
    expect(await refusal(declineCircle(deps, { circleId: id, userId: members[2].id }))).toMatchObject({
      message: CIRCLE_NOT_OPEN,
    });
    expect(await statusOf(owned)).toEqual(["active", "active", "active"]);
    // Closed, it can be offered afresh.
    expect(await offer(circle)).not.toBeNull();
  });

  test("48 hours on, the sweep lapses it; past its expiry it cannot be accepted even before the sweep", async () => {
    const { members, circle } = await threeMembers();
    const id = await offered(circle);
    await accept(id, members[0]);
    clock.advance(CIRCLE_ANSWER_HOURS * HOUR - 1);
    expect(await lapseCircles(deps)).not.toContain(id);
    clock.advance(1);
    expect(await refusal(accept(id, members[1]))).toEqual({ code: "CONFLICT", message: CIRCLE_NOT_OPEN });
    expect(await lapseCircles(deps)).toContain(id);
    expect(await circleRow(id)).toMatchObject({ status: "lapsed", closedAt: clock.now() });
    expect(await refusal(accept(id, members[1]))).toMatchObject({ message: CIRCLE_NOT_OPEN });
    expect(await lapseCircles(deps)).not.toContain(id);
  });
});

describe("races", () => {
  /** Settles them all: the values of those that succeeded, and the messages of the refusals. */
  async function settle(promises: Promise<unknown>[]) {
    const results = await Promise.allSettled(promises);
    for (const r of results) if (r.status === "rejected" && !isAppError(r.reason)) throw r.reason;
    return {
      won: results.filter((r) => r.status === "fulfilled").length,
      refusals: results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : [])),
    };
  }

  test("two circles sharing a listing, last acceptances at once: exactly one goes ahead, the other reserved nothing", async () => {
    const ana = await createMember(db, { name: "Ana Costa" });
    const ben = await createMember(db, { name: "Ben Walker" });
    const cleo = await createMember(db, { name: "Cleo Park" });
    const kayak = await createListing(db, ana.id, { title: "Kayak" });
    const bens = await createListing(db, ben.id, { title: "Paddleboard" });
    const cleos = await createListing(db, cleo.id, { title: "Surfboard" });
    const withBen = await offered(circleOf([ana, ben], [kayak, bens]));
    const withCleo = await offered(circleOf([ana, cleo], [kayak, cleos]));
    await accept(withBen, ana);
    await accept(withCleo, ana);

    const { won, refusals } = await settle([accept(withBen, ben), accept(withCleo, cleo)]);
    expect(won).toBe(1);
    expect([CIRCLE_NOT_OPEN, CIRCLE_LISTING_GONE]).toContain(refusals[0]);
    const winner = (await circleRow(withBen)).status === "accepted" ? withBen : withCleo;
    const loser = winner === withBen ? withCleo : withBen;
    expect((await circleRow(loser)).status).toBe("cancelled");
    const [winnersOther, losersOther] = winner === withBen ? [bens, cleos] : [cleos, bens];
    expect(await statusOf([kayak, winnersOther, losersOther])).toEqual(["reserved", "reserved", "active"]);
  });

  test("the last circle acceptance against an accept of a swap holding one of its listings: exactly one wins", async () => {
    const ana = await createMember(db, { name: "Ana Costa" });
    const ben = await createMember(db, { name: "Ben Walker" });
    const dan = await createMember(db, { name: "Dan Ito" });
    const kayak = await createListing(db, ana.id, { title: "Kayak" });
    const bens = await createListing(db, ben.id, { title: "Paddleboard" });
    const dans = await createListing(db, dan.id, { title: "Tent" });
    const id = await offered(circleOf([ana, ben], [kayak, bens]));
    await accept(id, ana);
    const { swapId } = await createSwap(db, {
      status: "pending",
      proposerId: dan.id,
      offeredListingId: dans,
      receiverId: ana.id,
      targetListingId: kayak,
      at: clock.now(),
    });

    const { won } = await settle([accept(id, ben), acceptSwap(deps, { swapId, actorId: ana.id })]);
    expect(won).toBe(1);
    const circleWon = (await circleRow(id)).status === "accepted";
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
    if (circleWon) {
      expect(swap.status).toBe("rejected");
      expect(await statusOf([kayak, bens, dans])).toEqual(["reserved", "reserved", "active"]);
    } else {
      expect(["accepted", "arranging"]).toContain(swap.status);
      // The swap's accept cancelled the circle itself, or the circle's last acceptance found the kayak gone.
      expect((await circleRow(id)).status).toBe("cancelled");
      expect(["listing_taken", "listing_gone"]).toContain((await circleRow(id)).closeReason);
      expect((await statusOf([bens]))[0]).toBe("active");
    }
  });
});
