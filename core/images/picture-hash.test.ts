import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hammingDistance, hashBands, isPlainHash, pictureHash } from "./picture-hash";

/** A photo-like picture: random blocks of colour from a seeded generator, blurred like a lens would. */
async function photo(seed: number, width = 1200, height = 900): Promise<Buffer> {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const block = 50;
  const pixels = Buffer.alloc(width * height * 3);
  const colours = Array.from({ length: Math.ceil(width / block) * Math.ceil(height / block) }, () => [
    Math.floor(next() * 256),
    Math.floor(next() * 256),
    Math.floor(next() * 256),
  ]);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = colours[Math.floor(y / block) * Math.ceil(width / block) + Math.floor(x / block)];
      pixels.set(colour, (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(8)
    .jpeg({ quality: 90 })
    .toBuffer();
}

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
