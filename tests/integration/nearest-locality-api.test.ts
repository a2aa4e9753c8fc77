import { describe, expect, test } from "vitest";
import { NEAREST_LOCALITY_LIMIT } from "#core/locations/find-nearest-locality.ts";
import type { Clock } from "#core/shared/clock.ts";
import { createTestApp } from "../support/test-app";
import { databaseForThisFile } from "../support/database-for-file";

// "Use my location": the browser's position, asked only on the click, becomes the suburb it is in.

const { handle } = await databaseForThisFile();
let current = new Date("2030-03-01T00:00:00.000Z");
const clock: Clock = { now: () => current };
const { app } = createTestApp(handle, { clock });

const nearest = (query: string) => app.request(`/api/v1/localities/nearest?${query}`);

describe("GET /api/v1/localities/nearest", () => {
  test("a position in Parramatta is Parramatta NSW 2150", async () => {
    const res = await nearest("latitude=-33.8136&longitude=151.0034");
    expect(res.status).toBe(200);
    expect((await res.json()).locality).toMatchObject({ label: "Parramatta NSW 2150", suburb: "Parramatta" });
  });

  test("a position that is not one, or not in Australia, is refused with a message", async () => {
    for (const query of ["latitude=abc&longitude=151", "latitude=-33.8", "latitude=-95&longitude=151", ""]) {
      const res = await nearest(query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error).toBe("Send a position as latitude and longitude in degrees.");
    }
    const london = await nearest("latitude=51.5072&longitude=-0.1276");
    expect(london.status).toBe(400);
    expect((await london.json()).error).toMatch(/isn't near any Australian suburb/);
  });

  test("one address is limited, and told when to come back", async () => {
    current = new Date(current.getTime() + 3_600_000); // a fresh window
    for (let i = 0; i < NEAREST_LOCALITY_LIMIT.limit; i++)
      expect((await nearest("latitude=-33.89&longitude=151.27")).status).toBe(200);
    const refused = await nearest("latitude=-33.89&longitude=151.27");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    current = new Date(current.getTime() + NEAREST_LOCALITY_LIMIT.windowSeconds * 1000);
    expect((await nearest("latitude=-33.89&longitude=151.27")).status).toBe(200);
  });
});
