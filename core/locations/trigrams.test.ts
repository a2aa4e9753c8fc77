import { describe, expect, test } from "vitest";
import { doubledLetterSlip, TrigramIndex, trigrams } from "./trigrams";

describe("trigram similarity", () => {
  test("runs of three letters of each padded word, as pg_trgm makes them", () => {
    expect([...trigrams("kew")].sort()).toEqual(["  k", " ke", "ew ", "kew"]);
  });

  test("a misspelling is found with its similarity, and unlike names are not", () => {
    const index = new TrigramIndex(["melbourne", "parramatta", "bondi"]);
    const found = index.similar("melborne", 0.3);
    expect(found).toHaveLength(1);
    expect(found[0].index).toBe(0);
    expect(found[0].similarity).toBeCloseTo(7 / 12, 5);
    expect(index.similar("paramatta", 0.3)[0]).toEqual({ index: 1, similarity: 0.75 });
    expect(index.similar("zzqx", 0.3)).toEqual([]);
  });
});

describe("doubledLetterSlip", () => {
  test("a doubled letter written once, or a single one doubled", () => {
    expect(doubledLetterSlip("paramatta", "parramatta")).toBe(true);
    expect(doubledLetterSlip("parramatta", "paramatta")).toBe(true);
    expect(doubledLetterSlip("leichardt", "leichhardt")).toBe(true);
    expect(doubledLetterSlip("wolongong", "wollongong")).toBe(true);
  });

  test("another letter changed, added or dropped is not such a slip", () => {
    expect(doubledLetterSlip("armidale", "armadale")).toBe(false);
    expect(doubledLetterSlip("elmore", "belmore")).toBe(false);
    expect(doubledLetterSlip("annadale", "annandale")).toBe(false);
    expect(doubledLetterSlip("bright", "brighton")).toBe(false);
    expect(doubledLetterSlip("bondi", "bondi")).toBe(false);
  });
});
