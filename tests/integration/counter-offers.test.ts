// Counter-offers (issue 29, decision 103): the party an offer was made to answers it with another set of listings;
// the other party then answers; each counter restarts the 48 hours and is written in the thread; at most 5.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import {
  COUNTER_GET_UNAVAILABLE,
  COUNTER_GIVE_UNAVAILABLE,
  COUNTER_KEEPS_LISTING,
  COUNTER_UNCHANGED,
  counterSwap,
  NO_MORE_COUNTERS,
} from "#core/swaps/counter-swap.ts";
import { claimExpiryWarnings } from "#core/swaps/expire-swaps.ts";
import { findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { rejectSwap } from "#core/swaps/reject-swap.ts";
import { SWAP_NOT_FOUND, YOUR_OWN_OFFER } from "#core/swaps/swap-guards.ts";
import { withdrawSwap } from "#core/swaps/withdraw-swap.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { notifications } from "#db/schema/notifications.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { databaseForThisFile } from "../support/database-for-file";

const { db } = await databaseForThisFile();
const clock = controlledClock(new Date());
const deps = { db, clock };
const APP_URL = "https://swapshed.test";

const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
const statusOf = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0].status;
const noticesFor = async (userId: string, kind: string) => {
  await dispatchEvents({ db, appUrl: APP_URL });
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
};

/** Ana offers her kayak for Ben's paddleboard; each has more to offer. */
async function offer() {
  const ana = await createMember(db, { name: "Ana Costa" });
  const ben = await createMember(db, { name: "Ben Walker" });
  const kayak = await createListing(db, ana.id, { title: "Kayak", valueMin: 300, valueMax: 400 });
  const paddle = await createListing(db, ana.id, { title: "Paddle", valueMin: 50, valueMax: 80 });
  const board = await createListing(db, ben.id, { title: "Paddleboard", valueMin: 400, valueMax: 500 });
  const racks = await createListing(db, ben.id, { title: "Roof racks", valueMin: 60, valueMax: 90 });
  const { id } = await proposeSwap(deps, { proposerId: ana.id, offeredListingId: kayak, targetListingId: board });
  return { ana, ben, kayak, paddle, board, racks, id };
}

describe("answering an offer with a counter-offer", () => {
  test("Ben asks for the paddle too: his turn ends, Ana's starts, with a fresh 48 hours, a notice and a line in the thread", async () => {
    const { ana, ben, kayak, paddle, board, id } = await offer();
    clock.advance(40 * HOUR);

    expect(
      await counterSwap(deps, {
        swapId: id,
        actorId: ben.id,
        give: [board],
        get: [kayak, paddle],
        message: "Add the paddle?",
      }),
    ).toEqual({ round: 1, role: "receiver" });

    expect(await swapRow(id)).toMatchObject({
      status: "pending",
      offerById: ben.id,
      counterRound: 1,
      offeredListingId: kayak,
      targetListingId: board,
      message: "Add the paddle?",
    });
    expect((await swapRow(id)).expiresAt.getTime()).toBe(clock.now().getTime() + 48 * HOUR);
    const anas = await findSwapForParty(db, { swapId: id, userId: ana.id });
    expect(anas).toMatchObject({ myTurn: true, counterRound: 1 });
    expect(anas?.moreOffered.map((l) => l.title)).toEqual(["Paddle"]);
    expect(await findSwapForParty(db, { swapId: id, userId: ben.id })).toMatchObject({ myTurn: false });

    const [notice] = await noticesFor(ana.id, "proposal.countered");
    expect(notice.payload).toMatchObject({ otherName: "Ben Walker" });
    const [thread] = await db.select().from(conversations).where(eq(conversations.swapId, id));
    const lines = await db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, thread.id));
    const countered = lines.find((l) => l.eventKind === "countered");
    expect(countered).toMatchObject({ senderId: ben.id });
    expect(countered?.eventPayload).toMatchObject({ round: 1, gives: ["Paddleboard"], gets: ["Kayak", "Paddle"] });
  });

  test("the maker cannot answer their own counter; the other accepts it, every listing of it is reserved, and the maker is told", async () => {
    const { ana, ben, kayak, paddle, board, id } = await offer();
    await counterSwap(deps, { swapId: id, actorId: ben.id, give: [board], get: [kayak, paddle] });

    for (const attempt of [
      () => acceptSwap(deps, { swapId: id, actorId: ben.id }),
      () => rejectSwap(deps, { swapId: id, actorId: ben.id }),
      () => counterSwap(deps, { swapId: id, actorId: ben.id, give: [board], get: [kayak] }),
    ])
      expect(await refusal(attempt())).toEqual({ code: "FORBIDDEN", message: YOUR_OWN_OFFER });
    // Ana may not withdraw an offer she did not make.
    expect((await refusal(withdrawSwap(deps, { swapId: id, actorId: ana.id }))).code).toBe("FORBIDDEN");

    expect((await acceptSwap(deps, { swapId: id, actorId: ana.id })).status).toBe("accepted");
    for (const listing of [kayak, paddle, board]) expect(await statusOf(listing)).toBe("reserved");
    expect(await noticesFor(ben.id, "proposal.accepted")).toHaveLength(1);
    expect(await noticesFor(ana.id, "proposal.accepted")).toHaveLength(0);
  });

  test("the other side declines a counter (its maker is told), or its maker takes it back (the other is told)", async () => {
    const first = await offer();
    await counterSwap(deps, {
      swapId: first.id,
      actorId: first.ben.id,
      give: [first.board],
      get: [first.kayak, first.paddle],
    });
    await rejectSwap(deps, { swapId: first.id, actorId: first.ana.id });
    expect((await swapRow(first.id)).status).toBe("rejected");
    expect(await noticesFor(first.ben.id, "proposal.declined")).toHaveLength(1);

    const second = await offer();
    await counterSwap(deps, {
      swapId: second.id,
      actorId: second.ben.id,
      give: [second.board, second.racks],
      get: [second.kayak],
    });
    await withdrawSwap(deps, { swapId: second.id, actorId: second.ben.id });
    expect((await swapRow(second.id)).status).toBe("withdrawn");
    expect(await noticesFor(second.ana.id, "proposal.withdrawn")).toHaveLength(1);
  });

  test("five counters, then only accept or decline; each one alternates the turn", async () => {
    const { ana, ben, kayak, paddle, board, racks, id } = await offer();
    const sets = [
      { actor: ben, give: [board], get: [kayak, paddle] },
      { actor: ana, give: [kayak], get: [board, racks] },
      { actor: ben, give: [board], get: [kayak, paddle] },
      { actor: ana, give: [kayak, paddle], get: [board, racks] },
      { actor: ben, give: [board], get: [kayak] },
    ];
    for (const [i, set] of sets.entries())
      expect((await counterSwap(deps, { swapId: id, actorId: set.actor.id, give: set.give, get: set.get })).round).toBe(
        i + 1,
      );
    expect(
      await refusal(counterSwap(deps, { swapId: id, actorId: ana.id, give: [kayak, paddle], get: [board] })),
    ).toEqual({
      code: "CONFLICT",
      message: NO_MORE_COUNTERS,
    });
    expect((await acceptSwap(deps, { swapId: id, actorId: ana.id })).status).toBe("accepted");
  });

  test("refused and nothing changed: the same set, without the listing it is about, someone else's listing, a stranger", async () => {
    const { ana, ben, kayak, paddle, board, racks, id } = await offer();
    const cleo = await createMember(db, { name: "Cleo" });
    const cleos = await createListing(db, cleo.id, { title: "Cleo's bike" });
    const before = await swapRow(id);
    const cases: [Parameters<typeof counterSwap>[1], string][] = [
      [{ swapId: id, actorId: ben.id, give: [board], get: [kayak] }, COUNTER_UNCHANGED],
      [{ swapId: id, actorId: ben.id, give: [racks], get: [kayak] }, COUNTER_KEEPS_LISTING],
      [{ swapId: id, actorId: ben.id, give: [board, cleos], get: [kayak] }, COUNTER_GIVE_UNAVAILABLE],
      [{ swapId: id, actorId: ben.id, give: [board], get: [kayak, cleos] }, COUNTER_GET_UNAVAILABLE],
      [{ swapId: id, actorId: ben.id, give: [board, kayak], get: [paddle] }, COUNTER_GIVE_UNAVAILABLE],
      [{ swapId: id, actorId: ben.id, give: ["not-an-id"], get: [kayak] }, COUNTER_GIVE_UNAVAILABLE],
      [{ swapId: id, actorId: cleo.id, give: [cleos], get: [kayak] }, SWAP_NOT_FOUND],
    ];
    for (const [input, message] of cases)
      expect((await refusal(counterSwap(deps, input))).message, JSON.stringify(input)).toBe(message);
    expect(await swapRow(id)).toEqual(before);
    expect((await findSwapForParty(db, { swapId: id, userId: ana.id }))?.myTurn).toBe(false);
  });

  test("two counters sent at once by the same member: one lands, the other finds it is no longer their turn", async () => {
    const { ben, kayak, paddle, board, racks, id } = await offer();
    const results = await Promise.allSettled([
      counterSwap(deps, { swapId: id, actorId: ben.id, give: [board], get: [kayak, paddle] }),
      counterSwap(deps, { swapId: id, actorId: ben.id, give: [board, racks], get: [kayak] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.message).toBe(YOUR_OWN_OFFER);
    expect((await swapRow(id)).counterRound).toBe(1);
  });

  test("a counter's fresh 48 hours get their own reminder before they run out", async () => {
    const { ben, kayak, paddle, board, id } = await offer();
    clock.advance(43 * HOUR);
    expect((await claimExpiryWarnings(deps)).map((s) => s.id)).toContain(id);
    expect((await claimExpiryWarnings(deps)).map((s) => s.id)).not.toContain(id);

    await counterSwap(deps, { swapId: id, actorId: ben.id, give: [board], get: [kayak, paddle] });
    clock.advance(43 * HOUR);
    expect((await claimExpiryWarnings(deps)).map((s) => s.id)).toContain(id);
    expect((await claimExpiryWarnings(deps)).map((s) => s.id)).not.toContain(id);
  });
});
