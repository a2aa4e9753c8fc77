import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { searchTerms, searchTsQuery } from "./search-terms";
import { SYNONYM_GROUPS, synonymsOf } from "./synonyms";

describe("the Australian synonym table", () => {
  test("has at least 60 entries, each a group of different lower-case terms", () => {
    expect(SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(60);
    for (const group of SYNONYM_GROUPS) {
      expect(group.length, group.join("/")).toBeGreaterThanOrEqual(2);
      expect(new Set(group).size, group.join("/")).toBe(group.length);
      for (const term of group) expect(term).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    }
  });

  // One test per entry: typing any of its terms searches for every term of it, as written.
  for (const group of SYNONYM_GROUPS) {
    test(`${group.join(" / ")} expands as written`, () => {
      for (const term of group) {
        const terms = searchTerms(term);
        expect(terms, term).toHaveLength(1);
        expect(terms[0][0], term).toBe(term);
        expect(terms[0], term).toEqual(expect.arrayContaining([...group]));
      }
    });
  }

  test("a plural the table does not list is read as its singular", () => {
    expect(synonymsOf("utes")).toEqual(expect.arrayContaining(["utes", "ute", "pickup"]));
    expect(synonymsOf("eskies")).toBeNull();
    expect(synonymsOf("kayaks")).toEqual(expect.arrayContaining(["kayaks", "canoe"]));
  });
});

describe("search terms", () => {
  test("each typed word is one required term; known runs of words are one term", () => {
    expect(searchTerms("red  Flip-Flops")).toEqual([["red"], expect.arrayContaining(["flip flops", "thongs"])]);
    expect(searchTerms("box trailer")[0]).toEqual(expect.arrayContaining(["box trailer", "trailer"]));
    expect(searchTerms("Honda CB500X")).toEqual([["honda"], ["cb500x"]]);
    expect(searchTerms("  ,.; ")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(8);
  });

  test("the tsquery carries every typed word as a parameter, never as tsquery syntax", () => {
    const typed = "ute' | !kayak:* & (x";
    const query = new PgDialect().sqlToQuery(searchTsQuery(searchTerms(typed))!);
    expect(query.sql).not.toMatch(/kayak|ute|!|:\*/);
    expect(query.sql).toMatch(/^\(?(plainto|phraseto)_tsquery\('english', \$1\)/);
    expect(query.params).toEqual(expect.arrayContaining(["ute", "pickup", "kayak", "canoe", "x"]));
    expect(searchTsQuery([])).toBeNull();
  });
});
