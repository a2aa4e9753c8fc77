import { describe, expect, test } from "vitest";
import { isDemoMode } from "../shared/demo-mode";

const pg = "postgres://db/swapshed";

describe("isDemoMode", () => {
  test("the embedded default and development are demos", () => {
    expect(isDemoMode({ NODE_ENV: "production" })).toBe(true);
    expect(isDemoMode({ NODE_ENV: "development", DATABASE_URL: pg })).toBe(true);
  });

  test("a production PostgreSQL is not, unless ALLOW_SEED=true", () => {
    expect(isDemoMode({ NODE_ENV: "production", DATABASE_URL: pg })).toBe(false);
    expect(isDemoMode({ NODE_ENV: "production", DATABASE_URL: pg, ALLOW_SEED: true })).toBe(true);
  });

  test("ALLOW_SEED=false turns the demo off on the embedded database too", () => {
    expect(isDemoMode({ NODE_ENV: "production", ALLOW_SEED: false })).toBe(false);
    expect(isDemoMode({ NODE_ENV: "development", ALLOW_SEED: false })).toBe(false);
  });
});
