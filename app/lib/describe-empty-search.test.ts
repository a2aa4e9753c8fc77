import { describe, expect, test } from "vitest";
import { describeEmptySearch, plural } from "./describe-empty-search";

describe("describeEmptySearch", () => {
  test("says exactly what was searched, and where", () => {
    expect(describeEmptySearch({ q: "kayak", place: "Parramatta NSW 2150", radiusKm: 25, filtered: false })).toBe(
      "No kayaks within 25 km of Parramatta NSW 2150",
    );
    expect(
      describeEmptySearch({
        q: "esky",
        category: "Sports & Outdoors",
        place: "Sydney NSW",
        radiusKm: 5,
        filtered: true,
      }),
    ).toBe("No eskies in Sports & Outdoors within 5 km of Sydney NSW with these filters");
  });

  test("without a radius it looked everywhere, and says so plainly", () => {
    expect(describeEmptySearch({ q: "hovercraft", filtered: false })).toBe("No hovercrafts listed yet");
    expect(describeEmptySearch({ q: "", category: "Fashion", filtered: false })).toBe("No Fashion listings yet");
    expect(describeEmptySearch({ q: "", filtered: true })).toBe("No listings with these filters");
  });

  test("text that is not plain words is quoted, not pluralised", () => {
    expect(describeEmptySearch({ q: "4x4 bullbar", filtered: false })).toBe("No “4x4 bullbar” listings yet");
  });
});

describe("plural", () => {
  test.each([
    ["kayak", "kayaks"],
    ["box trailer", "box trailers"],
    ["esky", "eskies"],
    ["torch", "torches"],
    ["thongs", "thongs"],
    ["ute", "utes"],
    ["tray", "trays"],
  ])("%s -> %s", (one, many) => expect(plural(one)).toBe(many));
});
