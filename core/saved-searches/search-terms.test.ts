import { describe, expect, test } from "vitest";
import { wantAlternatives } from "./search-terms";
import { cellsCovering } from "./search-cells";
import { readLookingFor } from "./set-looking-for";
import { defaultSearchName } from "./saved-search-rules";

describe("a want's alternatives", () => {
  test("commas, slashes, semicolons, new lines and 'or' separate what would do", () => {
    expect(wantAlternatives("A small car, a ute or a trailer")).toBe("A small car or a ute or a trailer");
    expect(wantAlternatives("kayak/canoe;\npaddle board")).toBe("kayak or canoe or paddle board");
  });

  test("quotes and minus signs are words, never phrase or NOT operators", () => {
    expect(wantAlternatives('"ride-on" mower')).toBe("ride on mower");
  });
});

describe("a saved search's cells", () => {
  test("no place or no radius: anywhere", () => {
    expect(cellsCovering(null, 25)).toBeNull();
    expect(cellsCovering({ latitude: -33.89, longitude: 151.26 }, null)).toBeNull();
  });

  test("the place's own cell and those its radius reaches, wider with the radius", () => {
    const bondi = { latitude: -33.893, longitude: 151.263 };
    const own = Math.floor(bondi.latitude * 5) * 10_000 + Math.floor(bondi.longitude * 5);
    const near = cellsCovering(bondi, 5)!;
    const far = cellsCovering(bondi, 100)!;
    expect(near).toContain(own);
    expect(far).toEqual(expect.arrayContaining(near));
    expect(far.length).toBeGreaterThan(near.length);
    expect(far.length).toBeLessThanOrEqual(400);
  });
});

describe("the Looking for box", () => {
  test("one phrase a line or comma, trimmed, each once whatever its capitals", () => {
    expect(readLookingFor("  Kayak \n\nride-on   mower, kayak; Esky")).toEqual(["Kayak", "ride-on mower", "Esky"]);
  });
});

describe("a saved search's first name", () => {
  test("says what it searches, shortened to 80 characters", () => {
    expect(defaultSearchName({ q: "kayak", placeName: "Bondi", radiusKm: 25 })).toBe("kayak near Bondi (25 km)");
    expect(defaultSearchName({ q: "", category: "boats_marine" })).toBe("Boats & Marine");
    expect(defaultSearchName({ q: "x".repeat(100) })).toHaveLength(80);
  });
});
