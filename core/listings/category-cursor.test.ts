import { describe, expect, test } from "vitest";
import { parseCategoryCursor } from "./find-category-listings";

describe("a category page's Load more position", () => {
  const id = "0b0c5d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e";
  test("reads a real moment and listing id", () => {
    expect(parseCategoryCursor(`2026-11-29T04:12:00.123456Z_${id}`)).toEqual({
      createdAt: "2026-11-29T04:12:00.123456Z",
      id,
    });
  });
  test("anything that names no moment or no id is the first page, never a database error", () => {
    for (const bad of [
      `2024-99-99T99:99:99Z_${id}`,
      `2024-02-30T10:00:00Z_${id}`,
      "2026-11-29T04:12:00Z_------------------------------------",
      "",
      null,
    ])
      expect(parseCategoryCursor(bad)).toBeNull();
  });
});
