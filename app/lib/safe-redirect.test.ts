import { describe, expect, test } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  test.each([
    "/my-swaps",
    "/listings/0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e",
    "/search?q=bike&near=Bondi%20NSW%202026",
    "/",
    "/admin/users?cursor=2026-11-25T00:00:00.000Z|abc",
  ])("keeps the same-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  test.each([
    "//evil.example/",
    "/\\evil.example/",
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\r\n//evil.example",
    "/\u0000/evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    " /my-swaps",
    "my-swaps",
    "/%09/evil.example".replace("%09", "\u0009"),
    "",
    null,
    undefined,
  ])("refuses %j", (path) => {
    expect(safeRedirect(path as string)).toBe("/");
  });

  test("percent-encodes what a Location header cannot carry, or falls back when it cannot be encoded", () => {
    expect(safeRedirect("/search?q=café crème")).toBe("/search?q=caf%C3%A9%20cr%C3%A8me");
    expect(safeRedirect("/listings/İıſK")).toBe("/listings/%C4%B0%C4%B1%C5%BFK");
    expect(safeRedirect("/a\uD800b", "/account")).toBe("/account");
  });

  test("falls back to what the caller names", () => {
    expect(safeRedirect("//evil.example", "/account")).toBe("/account");
  });
});
