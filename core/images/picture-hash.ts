import sharp, { type Sharp } from "sharp";

/**
 * A 64-bit difference hash (dHash) of a picture: shrunk to 9x8 grey pixels, each bit says whether a pixel is
 * brighter than its right-hand neighbour. Resizing, re-encoding and mild colour changes keep nearly every bit; a
 * different photo differs in about half of them. Returned as a signed 64-bit value (PostgreSQL's bigint), as a
 * decimal string.
 *
 * Shrunk in two steps: first to a fixed 144x128 without JPEG's shrink-on-load (which shrinks differently by source
 * size) and softened, then to 9x8. Straight to 9x8, the same photo at 320 and 1200 pixels wide came out up to 11
 * bits apart, since a few source pixels decide each small cell; this way it is 0 to 1 bit (picture-hash.test.ts).
 */
export async function pictureHash(image: Sharp | Buffer): Promise<string> {
  const source = Buffer.isBuffer(image) ? sharp(image, { pages: 1 }).autoOrient() : image;
  const mid = await source
    .greyscale()
    .resize(144, 128, { fit: "fill", fastShrinkOnLoad: false })
    .blur(4)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const pixels = await sharp(mid, { raw: { width: 144, height: 128, channels: 1 } })
    .resize(9, 8, { fit: "fill", kernel: "cubic" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = pixels[row * 9 + col];
      const right = pixels[row * 9 + col + 1];
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash).toString();
}

/** The hash's four 16-bit bands, high to low (picture_hashes.band0..band3): two hashes within 3 bits share one. */
export function hashBands(hash: string): [number, number, number, number] {
  const unsigned = BigInt.asUintN(64, BigInt(hash));
  return [48n, 32n, 16n, 0n].map((shift) => Number((unsigned >> shift) & 0xffffn)) as [number, number, number, number];
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt.asUintN(64, BigInt(a) ^ BigInt(b));
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

/**
 * A picture too plain to tell apart from other plain pictures (a blank or one-colour image, a smooth gradient):
 * nearly every bit the same. Its hash is kept but never compared, or every plain picture would be "the same photo".
 */
export function isPlainHash(hash: string): boolean {
  const bits = hammingDistance(hash, "0");
  return bits < 8 || bits > 56;
}
