import { describe, expect, test } from "vitest";
import { CITIES } from "./cities";
import { distanceKm } from "./distance";
import { findLocality, type Locality, searchLocalities } from "./localities";
import { resolveSearchPlace, type SearchPlace } from "./resolve-search-place";

function place(text: string): SearchPlace {
  const result = resolveSearchPlace(text);
  if (result.kind !== "place") throw new Error(`"${text}" did not resolve to a place: ${JSON.stringify(result)}`);
  return result.place;
}
function choices(text: string) {
  const result = resolveSearchPlace(text);
  if (result.kind !== "choose") throw new Error(`"${text}" offered no choice: ${JSON.stringify(result)}`);
  return { why: result.why, labels: result.options.map((l) => l.label) };
}
const locality = (suburb: string, postcode: string) => findLocality({ suburb, postcode }) as Locality;

describe("a postcode alone", () => {
  test("a postcode shared by several suburbs is the middle of them", () => {
    const p = place("2042"); // Enmore and Newtown, 1 km apart
    expect(p).toMatchObject({ label: "postcode 2042", name: "postcode 2042" });
    expect(distanceKm(p, locality("Newtown", "2042"))).toBeLessThan(1);
    expect(distanceKm(p, locality("Enmore", "2042"))).toBeLessThan(1);
    expect(place(" 2042 ")).toEqual(p);
    expect(place("2042 NSW")).toEqual(p);
  });

  test("a postcode of one suburb is that suburb", () => {
    expect(place("0804")).toMatchObject({ label: "Parap NT 0804", name: "Parap" });
  });

  test("a postcode written without its leading zero is the NT's or the ACT's", () => {
    expect(place("800")).toEqual(place("0800"));
    expect(distanceKm(place("800"), locality("Darwin", "0800"))).toBeLessThan(1);
    expect(place("Darwin 800").label).toBe("Darwin NT 0800");
    expect(place("870").label).toBe(place("0870").label); // Alice Springs
  });

  test("a postcode nobody has is unknown", () => {
    expect(resolveSearchPlace("9998")).toEqual({ kind: "unknown" });
  });
});

describe("a suburb alone", () => {
  test("a suburb whose name is unique, in any case", () => {
    expect(place("Parramatta")).toMatchObject({ label: "Parramatta NSW 2150", name: "Parramatta" });
    expect(place("st kilda east").label).toBe("St Kilda East VIC 3183");
  });

  test("a state after an ambiguous name picks that state's suburb", () => {
    expect(place("Newtown NSW").label).toBe("Newtown NSW 2042");
    expect(place("newtown, qld 4305").label).toBe("Newtown QLD 4305");
  });

  test("one suburb under two postcodes a few kilometres apart is one place", () => {
    expect(place("Applecross")).toMatchObject({ label: "Applecross WA 6153", name: "Applecross" });
  });

  test("every suggestion's label resolves to that suburb", () => {
    const everyOne = new Map<string, Locality>();
    for (const digit of "0123456789") for (const l of searchLocalities(digit, 100_000)) everyOne.set(l.label, l);
    expect(everyOne.size).toBeGreaterThan(17_000);
    for (const l of everyOne.values()) {
      const p = resolveSearchPlace(l.label);
      expect(p, l.label).toEqual({
        kind: "place",
        place: { label: l.label, name: l.suburb, latitude: l.latitude, longitude: l.longitude },
      });
    }
  });
});

describe("an ambiguous name", () => {
  test("Newtown, in three states, asks which one, the best-known first", () => {
    expect(choices("Newtown")).toEqual({
      why: "ambiguous",
      labels: ["Newtown NSW 2042", "Newtown QLD 4305", "Newtown QLD 4350", "Newtown VIC 3220", "Newtown VIC 3351"],
    });
  });

  test("a state narrows the choice when the name is still far apart within it", () => {
    // Geelong's Newtown before the hamlet near Ballarat.
    expect(choices("Newtown VIC")).toEqual({ why: "ambiguous", labels: ["Newtown VIC 3220", "Newtown VIC 3351"] });
    expect(choices("Enmore").labels).toEqual(["Enmore NSW 2042", "Enmore NSW 2350"]); // Sydney and near Armidale
  });

  test("the start of a name, or a name with the wrong postcode, offers the names that fit", () => {
    expect(choices("Newtow")).toMatchObject({ why: "partial" });
    expect(choices("Bondi 2000")).toMatchObject({ why: "partial" });
    expect(choices("Newtow").labels).toContain("Newtown NSW 2042");
    expect(choices("Bondi 2000").labels).toContain("Bondi NSW 2026");
  });

  test("nonsense is unknown and nothing is empty", () => {
    expect(resolveSearchPlace("zzqx qwerty")).toEqual({ kind: "unknown" });
    expect(resolveSearchPlace("  ")).toEqual({ kind: "empty" });
  });
});

describe("big cities by name", () => {
  const centres: [string, string, number, number][] = [
    ["Sydney", "Sydney NSW", -33.8688, 151.2093],
    ["Melbourne", "Melbourne VIC", -37.8136, 144.9631],
    ["Brisbane", "Brisbane QLD", -27.4698, 153.0251],
    ["Perth", "Perth WA", -31.9523, 115.8613],
    ["Adelaide", "Adelaide SA", -34.9285, 138.6007],
    ["Hobart", "Hobart TAS", -42.8821, 147.3272],
    ["Darwin", "Darwin NT", -12.4634, 130.8456],
    ["Canberra", "Canberra ACT", -35.2809, 149.13],
    ["Gold Coast", "Gold Coast QLD", -27.9671, 153.4],
  ];
  test.each(centres)("%s resolves to the city centre", (typed, label, latitude, longitude) => {
    const p = place(typed);
    expect(p.label).toBe(label);
    expect(distanceKm(p, { latitude, longitude })).toBeLessThan(3);
    expect(place(typed.toLowerCase())).toEqual(p);
  });

  test("a city's name wins over a small place elsewhere, unless that state is named", () => {
    expect(place("Perth").label).toBe("Perth WA");
    expect(place("Perth TAS").label).toBe("Perth TAS 7300");
    expect(place("Logan").label).toBe("Logan QLD");
    expect(place("Logan VIC").label).toBe("Logan VIC 3475");
    expect(place("Melbourne VIC 3004").label).toBe("Melbourne VIC 3004");
  });

  test("every city's centre is a locality of the postcode data", () => {
    for (const city of CITIES) expect(place(city.name).label).toBe(`${city.name} ${city.state}`);
  });
});

describe("places as people write them", () => {
  test("abbreviations read as the words they stand for", () => {
    expect(place("Mt Druitt").label).toBe("Mount Druitt NSW 2770");
    expect(place("mt. druitt").label).toBe("Mount Druitt NSW 2770");
    expect(place("Mount Baw Baw").label).toBe("Mt Baw Baw VIC 3833"); // the data writes this one "Mt"
    expect(place("Pt Cook").label).toBe("Point Cook VIC 3030");
    expect(place("Pt Macquarie").label).toBe("Port Macquarie NSW");
    expect(place("Nth Sydney").label).toBe("North Sydney NSW 2055");
    expect(place("Sth Melbourne").label).toBe("South Melbourne VIC 3205");
    expect(place("E Fremantle").label).toBe("East Fremantle WA 6158");
  });

  test("Saint Kilda is St Kilda, Melbourne's first among the three", () => {
    expect(choices("Saint Kilda")).toEqual({
      why: "ambiguous",
      labels: ["St Kilda VIC 3182", "St Kilda SA 5110", "St Kilda QLD 4671"],
    });
    expect(place("Saint Kilda VIC").label).toBe("St Kilda VIC 3182");
    expect(choices("St Kilda")).toEqual(choices("Saint Kilda"));
  });

  test("a city's CBD is its centre, as a suburb with its postcode", () => {
    expect(place("Sydney CBD").label).toBe("Sydney NSW 2000");
    expect(place("melbourne cbd").label).toBe("Melbourne VIC 3000");
    expect(place("Brisbane CBD").label).toBe("Brisbane QLD 4000");
    expect(place("Darwin CBD").label).toBe("Darwin NT 0801");
    expect(place("Perth city centre").label).toBe("Perth WA 6000");
    expect(place("Parramatta CBD").label).toBe("Parramatta NSW 2150");
  });

  test("a city or a state after a name narrows it to the one there", () => {
    expect(place("Newtown, Sydney").label).toBe("Newtown NSW 2042");
    expect(place("newtown sydney").label).toBe("Newtown NSW 2042");
    expect(place("Newtown, Geelong").label).toBe("Newtown VIC 3220");
    expect(place("Newtown, Toowoomba").label).toBe("Newtown QLD 4350");
    expect(place("Richmond, Melbourne").label).toBe("Richmond VIC 3121");
    expect(place("Newtown NSW").label).toBe("Newtown NSW 2042");
    // A suburb whose own name ends in a city's stays that suburb.
    expect(place("North Sydney").label).toBe("North Sydney NSW 2055");
  });

  test("Melborne suggests Melbourne first", () => {
    const { why, labels } = choices("Melborne");
    expect(why).toBe("spelling");
    expect(labels[0]).toBe("Melbourne VIC 3000");
    expect(labels.filter((l) => l.startsWith("Melbourne VIC"))).toHaveLength(1); // 3000 and 3004 are one place
  });

  test("Paramatta offers Parramatta NSW 2150 first and never silently becomes the hamlet in SA", () => {
    expect(choices("Paramatta")).toEqual({ why: "spelling", labels: ["Parramatta NSW 2150", "Paramatta SA 5558"] });
    expect(choices("paramatta")).toEqual(choices("Paramatta"));
    // Asked for by its state or postcode, the hamlet is what was meant.
    expect(place("Paramatta SA").label).toBe("Paramatta SA 5558");
    expect(place("Paramatta 5558").label).toBe("Paramatta SA 5558");
  });

  test("other misspellings of well-known places come first", () => {
    expect(choices("Parramata").labels[0]).toBe("Parramatta NSW 2150");
    expect(choices("Toowomba").labels[0]).toBe("Toowoomba QLD 4350");
    expect(choices("Brisbain").labels[0]).toBe("Brisbane QLD 4000");
    expect(choices("Cannberra").labels[0]).toBe("Canberra ACT 2600");
    expect(choices("Leichardt").labels[0]).toBe("Leichhardt NSW 2040");
  });

  test("a town spelt right is that town, even when a famous suburb is one letter away", () => {
    expect(place("Armidale").label).toBe("Armidale NSW 2350"); // not Armadale VIC
    expect(place("Elmore").label).toBe("Elmore VIC 3558"); // not Belmore NSW
    expect(place("Annadale").label).toBe("Annadale SA 5356"); // not Annandale NSW
  });
});
