import { describe, expect, test } from "vitest";
import {
  byProminence,
  findLocality,
  localitiesNamed,
  nearestLocality,
  resolveLocationField,
  resolveLocationInput,
  searchLocalities,
} from "./localities";

const labels = (query: string, limit?: number) => searchLocalities(query, limit).map((l) => l.label);

describe("searchLocalities", () => {
  test("typing a suburb's name suggests it first, with its state and postcode", () => {
    const results = searchLocalities("bondi");
    expect(results[0]).toMatchObject({ suburb: "Bondi", state: "NSW", postcode: "2026", label: "Bondi NSW 2026" });
    expect(results[0].latitude).toBeCloseTo(-33.89, 1);
    expect(results[0].longitude).toBeCloseTo(151.26, 1);
    expect(labels("bondi")).toContain("Bondi Junction NSW 2022");
  });

  test("matching ignores case and punctuation", () => {
    expect(labels("BONDI")[0]).toBe("Bondi NSW 2026");
    expect(labels("brighton le sands")).toContain("Brighton-Le-Sands NSW 2216");
    expect(labels("oconnor")).toContain("O'Connor ACT 2602");
    expect(labels("o'connor")).toContain("O'Connor ACT 2602");
  });

  test("a postcode finds its suburbs", () => {
    expect(labels("2026")).toContain("Bondi NSW 2026");
    expect(searchLocalities("2026").every((l) => l.postcode === "2026")).toBe(true);
    expect(searchLocalities("215").every((l) => l.postcode.startsWith("215"))).toBe(true);
  });

  test("parramatta finds Parramatta NSW 2150", () => {
    expect(labels("parramatta")[0]).toBe("Parramatta NSW 2150");
  });

  test("a state and a postcode after the name narrow the suggestions", () => {
    expect(labels("bondi 2026")).toEqual(["Bondi NSW 2026", "Bondi Beach NSW 2026"]);
    expect(labels("Bondi, NSW")[0]).toBe("Bondi NSW 2026");
    expect(labels("Bondi NSW 2026")).toEqual(["Bondi NSW 2026", "Bondi Beach NSW 2026"]);
    expect(labels("St Kilda, VIC").slice(0, 3)).toEqual([
      "St Kilda VIC 3182",
      "St Kilda East VIC 3183",
      "St Kilda West VIC 3182",
    ]);
    expect(searchLocalities("st kilda vic").every((l) => l.state === "VIC")).toBe(true);
    expect(labels("brighton sa")).toEqual(["Brighton SA 5048"]);
  });

  test("the well-known rank first, shorter names before longer among near equals, and the limit holds", () => {
    expect(searchLocalities("br", 5)).toHaveLength(5);
    expect(labels("parra")[0]).toBe("Parramatta NSW 2150"); // not Parrawe TAS, though shorter
    expect(labels("newtown")[0]).toBe("Newtown NSW 2042");
    expect(labels("bondi").slice(0, 2)).toEqual(["Bondi NSW 2026", "Bondi Beach NSW 2026"]);
  });

  test("abbreviations suggest the names they stand for, as they are typed", () => {
    expect(labels("mt druitt")[0]).toBe("Mount Druitt NSW 2770");
    expect(labels("Mt Dru")).toContain("Mount Druitt NSW 2770");
    expect(labels("saint kil")[0]).toBe("St Kilda VIC 3182");
    expect(labels("pt coo")).toContain("Point Cook VIC 3030");
    expect(labels("nth syd")[0]).toBe("North Sydney NSW 2055");
    // An unfinished last word is still a word being typed: "Mt E" is on its way to Mount Eliza.
    expect(labels("mt e", 100)).toContain("Mount Eliza VIC 3930");
  });

  test("a misspelt name suggests the names spelt like it, the well-known first", () => {
    expect(labels("melborne")[0]).toBe("Melbourne VIC 3000");
    expect(labels("parramata")[0]).toBe("Parramatta NSW 2150");
    expect(labels("wooloomooloo")).toContain("Woolloomooloo NSW 2011");
  });

  test("nonsense and empty queries find nothing", () => {
    expect(searchLocalities("zzqx")).toEqual([]);
    expect(searchLocalities("")).toEqual([]);
    expect(searchLocalities("   ")).toEqual([]);
  });
});

describe("findLocality", () => {
  test("finds a locality by suburb and postcode, with or without its state, in any case", () => {
    expect(findLocality({ suburb: "Bondi", state: "NSW", postcode: "2026" })?.label).toBe("Bondi NSW 2026");
    expect(findLocality({ suburb: "bondi", postcode: "2026" })?.label).toBe("Bondi NSW 2026");
    expect(findLocality({ suburb: "ST KILDA EAST", state: "vic", postcode: "3183" })?.suburb).toBe("St Kilda East");
  });

  test("a suburb with the wrong postcode or state is not found", () => {
    expect(findLocality({ suburb: "Bondi", postcode: "2000" })).toBeNull();
    expect(findLocality({ suburb: "Bondi", state: "VIC", postcode: "2026" })).toBeNull();
    expect(findLocality({ suburb: "Bondi Jun", postcode: "2022" })).toBeNull();
  });
});

describe("resolveLocationInput", () => {
  test("a label typed in full resolves", () => {
    expect(resolveLocationInput("Bondi NSW 2026")?.label).toBe("Bondi NSW 2026");
    expect(resolveLocationInput("  bondi nsw 2026 ")?.label).toBe("Bondi NSW 2026");
  });

  test("a suburb with its postcode, or an unambiguous suburb with its state, resolves", () => {
    expect(resolveLocationInput("bondi, 2026")?.label).toBe("Bondi NSW 2026");
    expect(resolveLocationInput("Parramatta 2150")?.label).toBe("Parramatta NSW 2150");
    expect(resolveLocationInput("Parramatta, NSW")?.label).toBe("Parramatta NSW 2150");
    expect(resolveLocationInput("st kilda east vic 3183")?.label).toBe("St Kilda East VIC 3183");
  });

  test("abbreviations and a postcode without its leading zero resolve too", () => {
    expect(resolveLocationInput("Mt Druitt NSW 2770")?.label).toBe("Mount Druitt NSW 2770");
    expect(resolveLocationInput("Saint Kilda VIC 3182")?.label).toBe("St Kilda VIC 3182");
    expect(resolveLocationInput("Parap 804")?.label).toBe("Parap NT 0804");
    expect(findLocality({ suburb: "Mt Druitt", postcode: "2770" })?.label).toBe("Mount Druitt NSW 2770");
  });

  test("a postcode alone resolves only when a single suburb has it", () => {
    const only = searchLocalities("2", 10_000).find(
      (l) => searchLocalities(l.postcode, 10_000).filter((o) => o.postcode === l.postcode).length === 1,
    );
    expect(only).toBeDefined();
    expect(resolveLocationInput(only!.postcode)).toEqual(only);
    expect(resolveLocationInput("2026")).toBeNull(); // Bondi, Bondi Beach, North Bondi, Tamarama ...
  });

  test("ambiguous, partial or unknown text does not resolve", () => {
    expect(resolveLocationInput("Brighton")).toBeNull(); // one in each of four states
    expect(resolveLocationInput("Bondi 2000")).toBeNull();
    expect(resolveLocationInput("Bond")).toBeNull();
    expect(resolveLocationInput("202")).toBeNull();
    expect(resolveLocationInput("asdfgh qwerty")).toBeNull();
    expect(resolveLocationInput("")).toBeNull();
  });
});

describe("resolveLocationField", () => {
  const bondi = { suburb: "Bondi", state: "NSW", postcode: "2026" };

  test("a pick whose label is still the text wins (the suggestions' way)", () => {
    expect(resolveLocationField("Bondi NSW 2026", bondi)?.label).toBe("Bondi NSW 2026");
    expect(resolveLocationField("bondi nsw 2026", bondi)?.label).toBe("Bondi NSW 2026");
  });

  test("text typed over an earlier pick (before the page's JavaScript ran) is what counts", () => {
    expect(resolveLocationField("Parramatta NSW 2150", bondi)?.label).toBe("Parramatta NSW 2150");
    expect(resolveLocationField("nowhere at all", bondi)).toBeNull();
  });

  test("a cleared field is no place, whatever pick came with it", () => {
    expect(resolveLocationField("", bondi)).toBeNull();
    expect(resolveLocationField("   ", bondi)).toBeNull();
  });

  test("without a pick, or with a malformed one, the text is resolved on its own", () => {
    expect(resolveLocationField("bondi 2026")?.label).toBe("Bondi NSW 2026");
    expect(resolveLocationField("bondi 2026", { suburb: 42, postcode: ["2026"] })?.label).toBe("Bondi NSW 2026");
    expect(resolveLocationField("Bondi NSW 2026", { suburb: "Bondi", state: "NSW", postcode: "9999" })?.label).toBe(
      "Bondi NSW 2026",
    );
  });
});

describe("how well known a place is", () => {
  test("a city suburb ranks before a country namesake", () => {
    const order = (name: string) => byProminence(localitiesNamed(name)).map((l) => l.label);
    expect(order("St Kilda")[0]).toBe("St Kilda VIC 3182");
    expect(order("Kew")[0]).toBe("Kew VIC 3101");
    expect(order("Perth")[0]).toBe("Perth WA 6000");
    expect(order("Enmore")).toEqual(["Enmore NSW 2042", "Enmore NSW 2350"]);
  });
});

describe("nearestLocality", () => {
  test("a phone's position is the suburb it is in", () => {
    expect(nearestLocality({ latitude: -33.8136, longitude: 151.0034 }).label).toBe("Parramatta NSW 2150");
    expect(nearestLocality({ latitude: -33.8915, longitude: 151.2767 }).suburb).toMatch(/Bondi/);
    expect(nearestLocality({ latitude: -12.4634, longitude: 130.8456 }).label).toBe("Darwin NT 0801");
  });

  test("a point out at sea is the nearest coast's locality", () => {
    expect(nearestLocality({ latitude: -33.85, longitude: 151.35 }).state).toBe("NSW");
  });
});
