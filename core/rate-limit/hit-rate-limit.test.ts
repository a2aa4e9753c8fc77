import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { rateLimits } from "#db/schema/ops.ts";
import { createTestDatabase } from "#tests/support/test-db.ts";
import { hitRateLimit } from "./hit-rate-limit";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

const storedCount = async (key: string) =>
  (await db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;

describe("hitRateLimit", () => {
  test("30 concurrent hits on one key count exactly 30 and allow exactly the limit", async () => {
    const key = "test:concurrent";
    const now = new Date("2030-01-01T00:00:00.000Z");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(db, { key, limit: 10, windowSeconds: 300, now })),
    );
    expect(await storedCount(key)).toBe(30);
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    for (const r of results) {
      expect(r.remaining).toBeGreaterThanOrEqual(0);
      expect(r.retryAfterSeconds).toBe(300);
    }
    // Each hit saw its own count: remaining runs 9..0 once each, then 0 for the twenty refused hits.
    expect(results.map((r) => r.remaining).sort((a, b) => b - a)).toEqual([
      9,
      8,
      7,
      6,
      5,
      4,
      3,
      2,
      1,
      ...Array(21).fill(0),
    ]);
  });

  test("a hit after the window has passed starts a new count", async () => {
    const key = "test:window";
    const start = new Date("2030-01-01T00:00:00.000Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < 3; i++) await hitRateLimit(db, { key, limit: 2, windowSeconds: 60, now: start });
    const late = await hitRateLimit(db, { key, limit: 2, windowSeconds: 60, now: at(45) });
    expect(late).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 15, count: 4 });
    const fresh = await hitRateLimit(db, { key, limit: 2, windowSeconds: 60, now: at(60) });
    expect(fresh).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60, count: 1 });
    expect(await storedCount(key)).toBe(1);
  });

  test("different keys count separately", async () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    await hitRateLimit(db, { key: "test:a", limit: 1, windowSeconds: 60, now });
    expect((await hitRateLimit(db, { key: "test:a", limit: 1, windowSeconds: 60, now })).allowed).toBe(false);
    expect((await hitRateLimit(db, { key: "test:b", limit: 1, windowSeconds: 60, now })).allowed).toBe(true);
  });
});
