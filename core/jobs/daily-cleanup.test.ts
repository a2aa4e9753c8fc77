import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { jobRuns, rateLimits } from "#db/schema/ops.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { controlledClock, HOUR } from "#tests/support/test-clock.ts";
import { createListing, createMember } from "#tests/support/factories.ts";
import { closeTestDatabase, createTestDatabase } from "#tests/support/test-db.ts";
import { proposeSwap } from "../swaps/propose-swap";
import { DAILY_CLEANUP_JOB, dailyCleanup } from "./daily-cleanup";
import { sydneyTime } from "../shared/time";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

describe("Sydney time", () => {
  test("the calendar date and hour follow Australia/Sydney, daylight saving included", () => {
    // 15:30 UTC in November is 02:30 the next day in Sydney (AEDT, UTC+11).
    expect(sydneyTime(new Date("2026-11-21T15:30:00Z"))).toEqual({ date: "2026-11-22", hour: 2, minute: 30 });
    // In June Sydney is UTC+10.
    expect(sydneyTime(new Date("2026-06-15T15:59:00Z"))).toEqual({ date: "2026-06-16", hour: 1, minute: 59 });
    expect(sydneyTime(new Date("2026-06-15T13:59:00Z"))).toEqual({ date: "2026-06-15", hour: 23, minute: 59 });
  });
});

describe("the daily cleanup", () => {
  test("it runs once per Sydney date: overdue proposals expire and rate-limit windows older than a day are swept", async () => {
    const clock = controlledClock("2026-11-19T10:00:00Z");
    const proposer = await createMember(db);
    const { id: overdue } = await proposeSwap(
      { db, clock },
      {
        proposerId: proposer.id,
        offeredListingId: await createListing(db, proposer.id),
        targetListingId: await createListing(db, (await createMember(db)).id),
      },
    );
    clock.set("2026-11-21T15:30:00Z"); // 02:30 on 22 November in Sydney; the proposal is 53.5 h old
    const now = clock.now().getTime();
    await db.insert(rateLimits).values([
      { key: "signin:email:old@example.com", count: 5, windowStart: new Date(now - 25 * HOUR) },
      { key: "signin:email:fresh@example.com", count: 2, windowStart: new Date(now - 10 * 60 * 1000) },
    ]);

    const first = await dailyCleanup({ db, clock });
    expect(first).toMatchObject({
      ran: true,
      // Proposing counted against the proposer's limits too: those windows are old now as well.
      result: { expiredSwaps: 1, expiredSwapIds: [overdue], rateLimitsDeleted: expect.any(Number) },
    });
    expect((await db.select().from(swapProposals).where(eq(swapProposals.id, overdue)))[0].status).toBe("expired");
    const left = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, ["signin:email:old@example.com", "signin:email:fresh@example.com"]));
    expect(left.map((r) => r.key)).toEqual(["signin:email:fresh@example.com"]);

    clock.advance(20 * HOUR); // 22:30 the same Sydney day
    expect(await dailyCleanup({ db, clock })).toEqual({ ran: false });
    clock.advance(4 * HOUR); // 02:30 on 23 November: yesterday's fresh window is now over a day old
    expect(await dailyCleanup({ db, clock })).toMatchObject({
      ran: true,
      result: { expiredSwaps: 0, rateLimitsDeleted: 1 },
    });
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "signin:email:fresh@example.com"))).toHaveLength(
      0,
    );
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.job, DAILY_CLEANUP_JOB));
    expect(runs.map((r) => r.runKey).sort()).toEqual(["2026-11-22", "2026-11-23"]);
  });
});
