import { expect, test } from "vitest";
import { PROMINENCE_KM, prominence } from "./prominence";

test("a point among many near neighbours outweighs one with few, and the nearer count more", () => {
  const city = { latitude: -33.87, longitude: 151.21 };
  const around = Array.from({ length: 20 }, (_, i) => ({ latitude: city.latitude + i * 0.01, longitude: 151.21 }));
  const hamlet = { latitude: -31, longitude: 140 };
  const far = { latitude: city.latitude, longitude: city.longitude + (PROMINENCE_KM + 5) / 92 }; // ~45 km east
  const weights = prominence([city, ...around, hamlet, far]);
  expect(weights[0]).toBeGreaterThan(15);
  expect(weights[21]).toBe(1); // only itself
  expect(weights[22]).toBe(1); // just out of reach of the city
  expect(weights[1]).toBeGreaterThan(weights[20]); // the city's middle over its edge
});
