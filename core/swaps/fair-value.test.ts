import { describe, expect, test } from "vitest";
import { closestInValue, combinedRange, fairValue } from "./fair-value";

// The meter's words on a table of range pairs: what the viewer gives, what they get, and what they read.
const TABLE: [mine: [number, number], theirs: [number, number], sentence: string][] = [
  // The same range, and one inside the other by more than half.
  [[400, 600], [400, 600], "About even: the two value ranges overlap by 100%."],
  [[400, 600], [450, 600], "About even: the two value ranges overlap by 75%."],
  [[100, 300], [200, 400], "They offer more: theirs is worth about $100 more."],
  // Half shared is still even; less than half, with middles far apart, is not.
  [[0, 200], [100, 300], "They offer more: theirs is worth about $100 more."],
  [[100, 300], [150, 300], "About even: the two value ranges overlap by 75%."],
  [[1000, 1000], [1000, 1000], "About even: the two value ranges overlap by 100%."],
  // Two exact prices within a tenth of each other: even though they do not overlap.
  [[1000, 1000], [950, 950], "About even: the two values are within 10% of each other."],
  [[1000, 1000], [800, 800], "You offer more: yours is worth about $200 more."],
  // Far apart either way, in whole dollars with thousands separated.
  [[8000, 12000], [300, 500], "You offer more: yours is worth about $9,600 more."],
  [[300, 500], [8000, 12000], "They offer more: theirs is worth about $9,600 more."],
  // Free items (both worth nothing) are even.
  [[0, 0], [0, 0], "About even: the two value ranges overlap by 100%."],
  [[0, 0], [50, 80], "They offer more: theirs is worth about $65 more."],
];

describe("the fair-value meter's words", () => {
  for (const [mine, theirs, sentence] of TABLE) {
    test(`$${mine[0]}-${mine[1]} for $${theirs[0]}-${theirs[1]}: ${sentence}`, () => {
      expect(fairValue({ min: mine[0], max: mine[1] }, { min: theirs[0], max: theirs[1] }).sentence).toBe(sentence);
    });
  }

  test("the verdict swaps with the side: what one reads as 'you offer more' the other reads as 'they offer more'", () => {
    const a = { min: 2000, max: 2500 };
    const b = { min: 400, max: 600 };
    expect([fairValue(a, b).label, fairValue(b, a).label]).toEqual(["You offer more", "They offer more"]);
    expect(fairValue(a, b).difference).toBe(fairValue(b, a).difference);
  });

  test("several listings offered together count as one range", () => {
    expect(
      combinedRange([
        { min: 100, max: 200 },
        { min: 300, max: 350 },
      ]),
    ).toEqual({ min: 400, max: 550 });
    expect(
      fairValue(
        combinedRange([
          { min: 100, max: 200 },
          { min: 300, max: 350 },
        ]),
        { min: 400, max: 600 },
      ).label,
    ).toBe("About even");
  });

  test("the listing closest in value is the fairest of the viewer's, and none when none is even", () => {
    const mine = [
      { id: "drill", min: 100, max: 150 },
      { id: "kayak", min: 450, max: 650 },
      { id: "bike", min: 500, max: 600 },
      { id: "car", min: 9000, max: 12000 },
    ];
    expect(closestInValue(mine, { min: 500, max: 600 })?.id).toBe("bike");
    expect(closestInValue(mine, { min: 400, max: 700 })?.id).toBe("kayak");
    expect(closestInValue(mine, { min: 3000, max: 3500 })).toBeUndefined();
  });
});
