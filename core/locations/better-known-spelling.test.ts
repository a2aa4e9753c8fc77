import { describe, expect, test } from "vitest";
import { suggestPlaces } from "./better-known-spelling";

const labels = (query: string) => suggestPlaces(query).map((l) => l.label);

describe("suggestPlaces", () => {
  test("typing Paramatta suggests Parramatta NSW 2150 first, then the hamlet of that name", () => {
    expect(labels("Paramatta").slice(0, 2)).toEqual(["Parramatta NSW 2150", "Paramatta SA 5558"]);
    expect(labels("leichardt")[0]).toBe("Leichhardt NSW 2040");
  });

  test("a name with its state, or a name that is no misspelling, suggests as before", () => {
    expect(labels("Paramatta SA")).toEqual(["Paramatta SA 5558"]);
    expect(labels("Armidale")[0]).toBe("Armidale NSW 2350");
    expect(labels("bondi")[0]).toBe("Bondi NSW 2026");
    expect(labels("zzqx")).toEqual([]);
  });
});
