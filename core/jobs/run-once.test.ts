import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { jobRuns } from "#db/schema/ops.ts";
import { closeTestDatabase, createTestDatabase } from "#tests/support/test-db.ts";
import { runOnce } from "./run-once";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

const now = new Date("2026-11-21T15:30:00.000Z");
const runRow = async (job: string, runKey: string) =>
  (
    await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.runKey, runKey)))
  )[0];

describe("runOnce", () => {
  test("a job runs once even when five processes ask for it at the same moment", async () => {
    let calls = 0;
    const job = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { swept: 3 };
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => runOnce(db, { job: "test-concurrent", runKey: "2026-11-22", now }, job)),
    );

    expect(calls).toBe(1);
    expect(results.filter((r) => r.ran)).toEqual([{ ran: true, result: { swept: 3 } }]);
    const row = await runRow("test-concurrent", "2026-11-22");
    expect(row).toMatchObject({ startedAt: now, result: { swept: 3 }, error: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  test("the same job runs again under a new key, and later calls under an old key do nothing", async () => {
    let calls = 0;
    const job = async () => ++calls;
    expect(await runOnce(db, { job: "test-daily", runKey: "day-1", now }, job)).toEqual({ ran: true, result: 1 });
    expect(await runOnce(db, { job: "test-daily", runKey: "day-2", now }, job)).toEqual({ ran: true, result: 2 });
    expect(await runOnce(db, { job: "test-daily", runKey: "day-1", now }, job)).toEqual({ ran: false });
    expect((await runRow("test-daily", "day-2")).result).toEqual({ value: 2 });
  });

  test("a failing job records its error, rethrows it, and is not run again under the same key", async () => {
    await expect(
      runOnce(db, { job: "test-failing", runKey: "k", now }, async () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    const row = await runRow("test-failing", "k");
    expect(row.error).toContain("disk full");
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(await runOnce(db, { job: "test-failing", runKey: "k", now }, async () => "again")).toEqual({ ran: false });
  });

  test("a run whose process died without finishing is taken over once it is an hour old, and only then", async () => {
    await db
      .insert(jobRuns)
      .values({ job: "test-stale", runKey: "k", startedAt: new Date(now.getTime() - 30 * 60 * 1000) });
    expect(await runOnce(db, { job: "test-stale", runKey: "k", now }, async () => "too early")).toEqual({ ran: false });

    const later = new Date(now.getTime() + 31 * 60 * 1000);
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        runOnce(db, { job: "test-stale", runKey: "k", now: later }, async () => "taken over"),
      ),
    );
    expect(results.filter((r) => r.ran)).toEqual([{ ran: true, result: "taken over" }]);
    expect(await runRow("test-stale", "k")).toMatchObject({
      startedAt: later,
      result: { value: "taken over" },
      error: null,
    });
  });
});
