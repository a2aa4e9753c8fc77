import { describe, expect, test } from "vitest";
import { canonicalName, nameVariants, withoutCentreWords } from "./place-words";

describe("canonicalName", () => {
  test("each shortened word has one spelling", () => {
    expect(canonicalName("mt druitt")).toBe("mount druitt");
    expect(canonicalName("mount druitt")).toBe("mount druitt");
    expect(canonicalName("saint kilda")).toBe("st kilda");
    expect(canonicalName("nth sydney")).toBe("north sydney");
    expect(canonicalName("sth melbourne")).toBe("south melbourne");
  });

  test("a compass letter is a direction only beside other words", () => {
    expect(canonicalName("w tree")).toBe("west tree");
    expect(canonicalName("e")).toBe("e");
  });
});

describe("nameVariants", () => {
  test("Pt is tried as Port and as Point", () => {
    expect(nameVariants("pt cook")).toEqual(["port cook", "point cook"]);
  });

  test("an unfinished last word is also kept as typed", () => {
    expect(nameVariants("mt e", { partial: true })).toEqual(["mount east", "mount e"]);
    expect(nameVariants("mt e")).toEqual(["mount east"]);
    expect(nameVariants("")).toEqual([]);
  });
});

describe("withoutCentreWords", () => {
  test("a CBD or city centre after a name is that name's centre", () => {
    expect(withoutCentreWords("sydney cbd")).toBe("sydney");
    expect(withoutCentreWords("perth city centre")).toBe("perth");
    expect(withoutCentreWords("cbd")).toBeNull();
    expect(withoutCentreWords("sydney")).toBeNull();
  });
});
