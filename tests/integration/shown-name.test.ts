import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { shownName } from "#core/members/display-name.ts";
import { shownNameSql } from "#core/members/shown-name-sql.ts";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

// Public listing cards name their owner in SQL (many at once); the member page and reviews in TypeScript. A member
// who chose "Sam T." must be "Sam T." on both, never their full name on one of them.

const handle = await createTestDatabase();
afterAll(() => closeTestDatabase(handle));

const NAMES = [
  "Sam Taylor",
  "  Sam   Taylor  ",
  "Mary Jane van der Berg",
  "Cher",
  "élodie ärnström",
  "Zoë O'Brien",
  "",
  "   ",
  null,
];

describe("a member's name as they chose to show it", () => {
  for (const display of ["first_initial", "full"] as const) {
    test(`SQL and TypeScript agree (${display})`, async () => {
      for (const name of NAMES) {
        const { rows } = await handle.db.execute<{ shown: string | null }>(
          sql`select ${shownNameSql(sql`${name}::text`, sql`${display}::text`)} as shown`,
        );
        expect(rows[0].shown, JSON.stringify(name)).toBe(shownName(name, display));
      }
    });
  }

  test("the default is the first name and the last name's initial", () => {
    expect(shownName("Sam Taylor", "first_initial")).toBe("Sam T.");
    expect(shownName("élodie ärnström", "first_initial")).toBe("élodie Ä.");
  });
});
