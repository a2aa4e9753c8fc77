// Pictures made on the spot for upload tests: real encoded files, no fixtures on disk.
import crypto from "node:crypto";
import sharp from "sharp";

/**
 * A real JPEG made by sharp. With `exif`, it carries camera tags and a GPS position (IFD3 is libvips'
 * name for the GPS directory), the kind of metadata a phone photo leaks.
 */
export async function makeJpeg({
  width = 800,
  height = 600,
  exif = false,
}: {
  width?: number;
  height?: number;
  exif?: boolean;
} = {}) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } }).jpeg({
    quality: 80,
  });
  if (exif) {
    image = image.withExif({
      IFD0: { Make: "SwapShedCam", Model: "Test Phone 1", Artist: "Kylie Nguyen" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "33/1 53/1 28/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "151/1 16/1 29/1",
      },
    });
  }
  return image.toBuffer();
}

/** A valid PNG of random noise: it does not compress, so a modest size in pixels is several megabytes. */
export async function makeNoisePng({ width = 1500, height = 1400 }: { width?: number; height?: number } = {}) {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** An upload part: bytes with a file name and the type a browser would declare for it. */
export type Upload = { body: Buffer | Uint8Array | string; name?: string; type?: string };

/**
 * A photo-like JPEG: blocks of colour from a seeded generator, blurred as a lens would. The same seed makes the same
 * photo; different seeds make photos whose perceptual hashes are far apart (core/images/picture-hash.ts).
 */
export async function makePhoto(seed: number, { width = 1200, height = 900 } = {}): Promise<Buffer> {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const block = 50;
  const across = Math.ceil(width / block);
  const colours = Array.from({ length: across * Math.ceil(height / block) }, () =>
    [next(), next(), next()].map((v) => Math.floor(v * 256)),
  );
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set(colours[Math.floor(y / block) * across + Math.floor(x / block)], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(8)
    .jpeg({ quality: 90 })
    .toBuffer();
}
