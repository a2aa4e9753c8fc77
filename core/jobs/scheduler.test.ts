import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import { jobRuns } from "#db/schema/ops.ts";
import { controlledClock, HOUR } from "#tests/support/test-clock.ts";
import { createListing, createMember } from "#tests/support/factories.ts";
import { closeTestDatabase, createTestDatabase } from "#tests/support/test-db.ts";
import { proposeSwap } from "../swaps/propose-swap";
import { DAILY_CLEANUP_JOB } from "./daily-cleanup";
import { type SchedulerTick, startScheduler } from "./scheduler";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

/** Collects ticks and lets a test wait for the next one. */
function tickRecorder() {
  const ticks: SchedulerTick[] = [];
  let waiting: ((tick: SchedulerTick) => void) | null = null;
  return {
    ticks,
    onTick: (tick: SchedulerTick) => {
      ticks.push(tick);
      waiting?.(tick);
      waiting = null;
    },
    next: () => new Promise<SchedulerTick>((resolve) => (waiting = resolve)),
  };
}

describe("the scheduler", () => {
  test("it expires proposals on every tick and runs the daily cleanup once Sydney time reaches 02:00", async () => {
    const clock = controlledClock("2026-11-21T14:00:00Z"); // 01:00 on 22 November in Sydney
    const proposer = await createMember(db);
    const { id } = await proposeSwap(
      { db, clock },
      {
        proposerId: proposer.id,
        offeredListingId: await createListing(db, proposer.id),
        targetListingId: await createListing(db, (await createMember(db)).id),
      },
    );
    clock.advance(48 * HOUR - 30 * 60 * 1000); // 00:30 on 24 November: the proposal has 30 minutes left
    const recorder = tickRecorder();
    const stop = startScheduler({ db, clock }, { intervalMs: 10, onTick: recorder.onTick });
    try {
      expect(await recorder.next()).toEqual({ expired: [], filesRemoved: 0, daily: null, failed: [] });

      clock.advance(HOUR); // 01:30: expired, but the daily cleanup is not due yet
      let tick = await recorder.next();
      while (tick.expired.length === 0) tick = await recorder.next();
      expect(tick).toEqual({ expired: [id], filesRemoved: 0, daily: null, failed: [] });

      clock.advance(31 * 60 * 1000); // 02:01
      tick = await recorder.next();
      expect(tick.daily).toMatchObject({ ran: true });
      expect((await recorder.next()).daily).toBeNull(); // done for today: not even asked again
    } finally {
      await stop();
    }
    const runs = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, DAILY_CLEANUP_JOB), eq(jobRuns.runKey, "2026-11-24")));
    expect(runs).toHaveLength(1);
    const after = recorder.ticks.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorder.ticks.length).toBe(after); // stopped means stopped
  });

  test("a failing job is logged, never thrown, and the scheduler keeps ticking", async () => {
    const broken = await createTestDatabase();
    await closeTestDatabase(broken); // every query on it now fails
    const previous = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const recorder = tickRecorder();
    const stop = startScheduler(
      { db: broken.db, clock: controlledClock("2026-11-21T16:00:00Z") },
      { intervalMs: 10, onTick: recorder.onTick },
    );
    try {
      expect((await recorder.next()).failed).toEqual(["expire-swaps", "daily-cleanup"]);
      expect((await recorder.next()).failed).toEqual(["expire-swaps", "daily-cleanup"]);
    } finally {
      await stop();
      process.env.LOG_LEVEL = previous;
    }
    const logged = stderr.mock.calls.map((c) => JSON.parse(String(c[0])));
    expect(logged.filter((l) => l.message === "scheduled job failed").map((l) => l.job)).toEqual(
      expect.arrayContaining(["expire-swaps", "daily-cleanup"]),
    );
  });
});
