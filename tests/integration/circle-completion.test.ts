// After a swap circle's handshake (issue 29, decision 110): each member confirms "We've swapped"; the last
// confirmation completes the circle once, however the confirmations race, and everyone is told; a circle nobody
// finishes confirming completes on its own a week after the handshake. Only members may confirm, and only while the
// circle is being arranged.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CIRCLE_NOT_FOUND } from "#core/circles/circle-guards.ts";
import {
  CIRCLE_NOT_ARRANGING,
  CIRCLE_QUIET_DAYS,
  completeQuietCircles,
  confirmCircleSwapped,
} from "#core/circles/complete-circle.ts";
import { findCircleForMember } from "#core/circles/find-my-circles.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import { domainEvents } from "#db/schema/events.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { circleOfThree } from "../support/circle-fixtures";
import { databaseForThisFile } from "../support/database-for-file";
import { createListing, createMember } from "../support/factories";
import { setFlag } from "../support/flags";
import { controlledClock, HOUR } from "../support/test-clock";

const { db } = await databaseForThisFile();
const APP_URL = "https://swapshed.example";
const clock = controlledClock(new Date());
const deps = { db, clock };
beforeEach(async () => {
  clock.set(new Date());
  // Fees off: accepting takes a circle straight to its handshake (circle fees have their own tests).
  await setFlag(db, "enable_swap_payments", false);
});
afterEach(() => setFlag(db, "enable_swap_payments", true));

/** Ana gives her kayak to Ben, Ben his paddleboard to Cleo, Cleo her surfboard to Ana; all accepted, so arranging. */
async function arrangingCircle() {
  const c = await circleOfThree(deps, "arranging");
  expect((await circleRow(c.circleId)).status).toBe("arranging");
  return c;
}

const circleRow = async (id: string) => (await db.select().from(swapCircles).where(eq(swapCircles.id, id)))[0];
const completedEvents = async (id: string) =>
  (await db.select().from(domainEvents).where(eq(domainEvents.subjectId, id))).filter(
    (e) => e.kind === "circle.completed",
  );
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "went through",
    (e: Error) => e.message,
  );

describe("We've swapped", () => {
  test("the last of three confirmations completes the circle, and everyone is told", async () => {
    const c = await arrangingCircle();
    expect(await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.ana.id })).toEqual({ completed: false });
    // Confirming twice changes nothing.
    expect(await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.ana.id })).toEqual({ completed: false });
    expect(await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.ben.id })).toEqual({ completed: false });
    const seenByCleo = await findCircleForMember(db, { circleId: c.circleId, userId: c.cleo.id });
    expect(seenByCleo?.status).toBe("arranging");
    expect(seenByCleo?.legs.map((leg) => [leg.giver.name, leg.swapped])).toEqual([
      ["Ana Costa", true],
      ["Ben Walker", true],
      ["Cleo Park", false],
    ]);
    expect(await completedEvents(c.circleId)).toHaveLength(0);

    clock.advance(HOUR);
    expect(await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.cleo.id })).toEqual({ completed: true });
    const row = await circleRow(c.circleId);
    expect(row).toMatchObject({ status: "completed", completedHow: "confirmed" });
    expect(row.completedAt?.getTime()).toBe(clock.now().getTime());
    expect((await completedEvents(c.circleId)).map((e) => e.payload)).toEqual([{ how: "confirmed" }]);

    await dispatchEvents({ db, appUrl: APP_URL });
    const lines = (await findNotifications(db, { userId: c.ben.id })).page.map((n) => [n.text, n.href]);
    expect(lines[0]).toEqual([
      `The swap circle of your “Paddleboard ${c.tag}” and Ana Costa's “Kayak ${c.tag}” is complete`,
      `/my-swaps/circles/${c.circleId}`,
    ]);
    for (const member of [c.ana, c.cleo])
      expect((await findNotifications(db, { userId: member.id })).page[0].text).toMatch(/ is complete$/);
    // Completed, the members still see each other's details (they may need them after the hand-over).
    const seen = await findCircleForMember(db, { circleId: c.circleId, userId: c.ana.id });
    expect(seen?.status).toBe("completed");
    expect(seen?.contacts?.giveTo.name).toBe("Ben Walker");
    // Confirming after completion changes nothing.
    expect(await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.ana.id })).toEqual({ completed: true });
    expect(await completedEvents(c.circleId)).toHaveLength(1);
  });

  test("the last two confirming at the same instant complete the circle exactly once", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await arrangingCircle();
      await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.ana.id });
      const results = await Promise.all(
        [c.ben, c.cleo].map((m) => confirmCircleSwapped(deps, { circleId: c.circleId, userId: m.id })),
      );
      expect(results.filter((r) => r.completed).length).toBeGreaterThanOrEqual(1);
      expect((await circleRow(c.circleId)).status).toBe("completed");
      expect(await completedEvents(c.circleId)).toHaveLength(1);
    }
  });

  test("only a member may confirm, and only while the circle is being arranged", async () => {
    const c = await arrangingCircle();
    const stranger = await createMember(db);
    expect(await refusal(confirmCircleSwapped(deps, { circleId: c.circleId, userId: stranger.id }))).toBe(
      CIRCLE_NOT_FOUND,
    );
    expect(await refusal(confirmCircleSwapped(deps, { circleId: "not-a-circle", userId: c.ana.id }))).toBe(
      CIRCLE_NOT_FOUND,
    );
    const legs = await db.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, c.circleId));
    expect(legs.every((leg) => leg.swappedAt === null)).toBe(true);

    // An offered circle (not everyone accepted yet) cannot be confirmed.
    await setFlag(db, "enable_swap_payments", true);
    const ana = await createMember(db);
    const ben = await createMember(db);
    const kayak = await createListing(db, ana.id);
    const paddle = await createListing(db, ben.id);
    const pair = [
      { giverId: ana.id, listingId: kayak, receiverId: ben.id },
      { giverId: ben.id, listingId: paddle, receiverId: ana.id },
    ];
    const offered = await db.transaction((tx) =>
      offerCircle(tx, { legs: pair, key: circleKey(pair), fairness: 1 }, { now: clock.now() }),
    );
    expect(await refusal(confirmCircleSwapped(deps, { circleId: offered as string, userId: ana.id }))).toBe(
      CIRCLE_NOT_ARRANGING,
    );
    expect((await circleRow(offered as string)).status).toBe("offered");
  });
});

describe("the quiet week", () => {
  test("a circle nobody finished confirming completes a week after its handshake, not before, and everyone is told", async () => {
    const c = await arrangingCircle();
    await confirmCircleSwapped(deps, { circleId: c.circleId, userId: c.ben.id });
    clock.advance(CIRCLE_QUIET_DAYS * 24 * HOUR - HOUR);
    expect(await completeQuietCircles(deps)).not.toContain(c.circleId);
    expect((await circleRow(c.circleId)).status).toBe("arranging");

    clock.advance(HOUR);
    expect(await completeQuietCircles(deps)).toContain(c.circleId);
    expect(await circleRow(c.circleId)).toMatchObject({ status: "completed", completedHow: "timed_out" });
    expect((await completedEvents(c.circleId)).map((e) => e.payload)).toEqual([{ how: "timed_out" }]);
    await dispatchEvents({ db, appUrl: APP_URL });
    for (const member of [c.ana, c.ben, c.cleo])
      expect((await findNotifications(db, { userId: member.id })).page[0].text).toMatch(/ is complete$/);
    // Run again: nothing more.
    expect(await completeQuietCircles(deps)).not.toContain(c.circleId);
    expect(await completedEvents(c.circleId)).toHaveLength(1);
  });
});
