import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SEED_LISTINGS } from "#db/seed/seed-data.ts";
import { SEED_IMAGES_DIR } from "./seed-demo-data";

describe("seed pictures", () => {
  const licences = fs.readFileSync(path.join(SEED_IMAGES_DIR, "LICENSES.md"), "utf8");

  test("every seeded listing has a picture of its own: a JPEG in db/seed/images whose licence is written down", () => {
    const pictures = SEED_LISTINGS.map((listing) => listing.picture);
    expect(new Set(pictures).size).toBe(SEED_LISTINGS.length);
    for (const picture of pictures) {
      const bytes = fs.readFileSync(path.join(SEED_IMAGES_DIR, picture));
      expect([...bytes.subarray(0, 3)], picture).toEqual([0xff, 0xd8, 0xff]);
      // A row of the licence table whose first cell is the file (the formatter pads the cells to line up).
      expect(licences, picture).toMatch(new RegExp(`^\\|\\s*${picture.replaceAll(".", "\\.")}\\s*\\|`, "m"));
    }
  });

  test("each drawn illustration has its SVG source in db/seed/illustrations", () => {
    const drawn = SEED_LISTINGS.filter((listing) => listing.picture.endsWith("-illustration.jpg"));
    expect(drawn.map((listing) => listing.title)).toEqual([
      "2014 Toyota HiLux SR5 dual cab",
      "Mazda 3 hatch, one owner",
      "Honda CB500X adventure bike",
      "Vintage Vespa scooter",
      "Sea kayak with paddles",
    ]);
    const sources = fs.readdirSync(path.join(SEED_IMAGES_DIR, "../illustrations"));
    expect(sources.filter((name) => name.endsWith(".svg"))).toHaveLength(drawn.length);
  });
});
