import { describe, expect, test } from "vitest";
import { groupByDay } from "./group-by-day";

const at = (iso: string) => ({ createdAt: new Date(iso) });

describe("notices grouped by Sydney day", () => {
  test("today, yesterday, then dates, by Sydney's calendar (not UTC's)", () => {
    // 28 Nov 2026, 9 am in Sydney (AEDT, UTC+11).
    const now = new Date("2026-11-27T22:00:00Z");
    const groups = groupByDay(
      [
        at("2026-11-27T21:30:00Z"), // 8:30 am today
        at("2026-11-27T12:59:00Z"), // 11:59 pm on the 27th: yesterday
        at("2026-11-26T13:30:00Z"), // 12:30 am on the 27th (UTC still says the 26th): yesterday
        at("2026-11-26T12:30:00Z"), // 11:30 pm the 26th
      ],
      now,
    );
    expect(groups.map((g) => [g.heading, g.items.length])).toEqual([
      ["Today", 1],
      ["Yesterday", 2],
      ["26 November 2026", 1],
    ]);
    expect(groups[0].items[0].time).toBe("8:30 am");
  });

  test("across the start of daylight saving, yesterday is still the day before", () => {
    // Sydney moves to UTC+11 at 2 am on 4 Oct 2026; it is 10 am on 5 Oct.
    const now = new Date("2026-10-04T23:00:00Z");
    const groups = groupByDay([at("2026-10-04T01:00:00Z"), at("2026-10-03T01:00:00Z")], now);
    expect(groups.map((g) => g.heading)).toEqual(["Yesterday", "3 October 2026"]);
  });
});
