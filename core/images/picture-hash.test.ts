import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhoto as photo } from "#tests/support/images.ts";
import { hammingDistance, hashBands, isPlainHash, pictureHash } from "./picture-hash";

describe("pictureHash (dHash)", () => {
  it("finds the same photo resized, re-encoded and brightened within 3 bits", async () => {
    const original = await photo(7);
    const hash = await pictureHash(original);
    const copies = [
      await sharp(original).resize({ width: 320 }).jpeg({ quality: 50 }).toBuffer(),
      await sharp(original).resize({ width: 640 }).webp({ quality: 60 }).toBuffer(),
      await sharp(original).resize({ width: 2000 }).png().toBuffer(),
      await sharp(original).modulate({ brightness: 1.1 }).jpeg().toBuffer(),
    ];
    const distances = await Promise.all(copies.map(async (copy) => hammingDistance(hash, await pictureHash(copy))));
    for (const d of distances) expect(d).toBeLessThanOrEqual(3);
  });

  it("tells different photos far apart", async () => {
    const hashes = await Promise.all([1, 2, 3, 4, 5, 6].map(async (seed) => pictureHash(await photo(seed))));
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) expect(hammingDistance(hashes[i], hashes[j])).toBeGreaterThan(12);
  });

  it("treats a blank picture as too plain to compare", async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c0a080" } })
      .png()
      .toBuffer();
    expect(isPlainHash(await pictureHash(blank))).toBe(true);
    expect(isPlainHash(await pictureHash(await photo(9)))).toBe(false);
  });

  it("cuts the hash into four 16-bit bands that put it back together", () => {
    const hash = BigInt.asIntN(64, 0xfedc_ba98_7654_3210n).toString();
    expect(hashBands(hash)).toEqual([0xfedc, 0xba98, 0x7654, 0x3210]);
    expect(hammingDistance(hash, hash)).toBe(0);
    expect(hammingDistance("0", "-1")).toBe(64);
    expect(hammingDistance("0", "7")).toBe(3);
  });
});
