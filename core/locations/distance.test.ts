import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "#tests/support/test-db.ts";
import { boundingBox, distanceKm, distanceKmSql, formatDistance } from "./distance";

const sydney = { latitude: -33.8688, longitude: 151.2093 };
const melbourne = { latitude: -37.8136, longitude: 144.9631 };
const perth = { latitude: -31.9523, longitude: 115.8613 };
const hobart = { latitude: -42.8821, longitude: 147.3272 };
const darwin = { latitude: -12.4634, longitude: 130.8456 };
const bondi = { latitude: -33.89195, longitude: 151.26099 };

describe("distanceKm", () => {
  test("Sydney CBD to Melbourne CBD is about 713 km", () => {
    expect(distanceKm(sydney, melbourne)).toBeGreaterThan(708);
    expect(distanceKm(sydney, melbourne)).toBeLessThan(718);
  });

  test("distance is symmetric and zero from a place to itself", () => {
    expect(distanceKm(melbourne, sydney)).toBeCloseTo(distanceKm(sydney, melbourne), 9);
    expect(distanceKm(bondi, bondi)).toBe(0);
  });

  test("Perth to Sydney is about 3,290 km", () => {
    expect(Math.abs(distanceKm(perth, sydney) - 3290)).toBeLessThan(15);
  });
});

describe("formatDistance", () => {
  test("shows whole kilometres with thousands separators, and under 1 km as such", () => {
    expect(formatDistance(0)).toBe("< 1 km");
    expect(formatDistance(0.4)).toBe("< 1 km");
    expect(formatDistance(2.6)).toBe("3 km");
    expect(formatDistance(42.2)).toBe("42 km");
    expect(formatDistance(1249.6)).toBe("1,250 km");
  });
});

describe("boundingBox", () => {
  test("holds every point within the radius and is no wider than needed", () => {
    const radius = 50;
    const box = boundingBox(sydney.latitude, sydney.longitude, radius);
    // Points just inside the radius, due north, south, east and west (found by bisection along each axis).
    const edge = (dLat: number, dLng: number) => {
      let lo = 0;
      let hi = 2;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        const p = { latitude: sydney.latitude + dLat * mid, longitude: sydney.longitude + dLng * mid };
        if (distanceKm(sydney, p) < radius) lo = mid;
        else hi = mid;
      }
      return { latitude: sydney.latitude + dLat * lo, longitude: sydney.longitude + dLng * lo };
    };
    for (const p of [edge(1, 0), edge(-1, 0), edge(0, 1), edge(0, -1)]) {
      expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
      expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
      expect(p.longitude).toBeGreaterThanOrEqual(box.minLng);
      expect(p.longitude).toBeLessThanOrEqual(box.maxLng);
    }
    expect(box.maxLat - box.minLat).toBeCloseTo((2 * radius) / 111.195, 2);
    expect(distanceKm(sydney, { latitude: sydney.latitude, longitude: box.maxLng })).toBeLessThan(radius + 1);
  });

  test("spans all longitudes when the circle reaches a pole", () => {
    expect(boundingBox(-89.9, 0, 100)).toMatchObject({ minLat: -90, minLng: -180, maxLng: 180 });
  });
});

const handle = await createTestDatabase();
afterAll(() => handle.close());

describe("distanceKmSql", () => {
  test("the database computes the same distance as the JavaScript", async () => {
    const pairs = [
      [sydney, melbourne],
      [sydney, perth],
      [hobart, darwin],
      [sydney, bondi],
      [bondi, bondi],
    ];
    for (const [a, b] of pairs) {
      const result = await handle.db.execute<{ d: number }>(
        sql`select ${distanceKmSql(sql`${a.latitude}::double precision`, sql`${a.longitude}::double precision`, b.latitude, b.longitude)} as d`,
      );
      expect(Number(result.rows[0].d)).toBeCloseTo(distanceKm(a, b), 6);
    }
  });

  test("works on table columns, to order rows by distance", async () => {
    const places = sql`(values ('melbourne', ${melbourne.latitude}::double precision, ${melbourne.longitude}::double precision),
      ('bondi', ${bondi.latitude}::double precision, ${bondi.longitude}::double precision),
      ('perth', ${perth.latitude}::double precision, ${perth.longitude}::double precision)) as places(name, lat, lng)`;
    const d = distanceKmSql(sql.raw("places.lat"), sql.raw("places.lng"), sydney.latitude, sydney.longitude);
    const result = await handle.db.execute<{ name: string; d: number }>(
      sql`select name, ${d} as d from ${places} order by ${d}`,
    );
    expect(result.rows.map((r) => r.name)).toEqual(["bondi", "melbourne", "perth"]);
    expect(Number(result.rows[1].d)).toBeCloseTo(distanceKm(sydney, melbourne), 6);
  });
});
