import { describe, expect, test } from "vitest";
import { routeLabel } from "./route-label";

describe("routeLabel", () => {
  test("ids and numbers collapse so one page is one series", () => {
    expect(routeLabel("/listings/0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e", 200)).toBe("/listings/:id");
    expect(routeLabel("/api/v1/swaps/0B5E5C1E-8F4A-4C3E-9D6B-2F1A3B4C5D6E/accept", 200)).toBe(
      "/api/v1/swaps/:id/accept",
    );
    expect(routeLabel("/checkout/12345", 200)).toBe("/checkout/:n");
  });

  test("a data request stays apart from its page", () => {
    expect(routeLabel("/listings/0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e.data", 200)).toBe("/listings/:id.data");
    expect(routeLabel("/_root.data", 200)).toBe("/_root.data");
  });

  test("anything a visitor can invent costs no new series", () => {
    expect(routeLabel("/no/such/page", 404)).toBe("(unmatched)");
    expect(routeLabel("/search/%3Cscript%3E", 200)).toBe("/search/:x");
    expect(routeLabel(`/a/${"x".repeat(200)}`, 200)).toBe("/a/:x");
    expect(routeLabel("/a/b/c/d/e/f/g", 200)).toBe("/a/b/c/d/e/…");
    expect(routeLabel("/assets/entry-abc123.js", 200)).toBe("/assets/*");
    expect(routeLabel("/uploads/listings/x/1200.webp", 200)).toBe("/uploads/*");
  });

  test("the home page is /", () => {
    expect(routeLabel("/", 200)).toBe("/");
  });
});
