import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { AppError } from "../shared/app-error";
import { MAX_IMAGE_BYTES, processListingImage, variantWidths } from "./process-listing-image";

const INVALID_FILE_TYPE = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
const FILE_TOO_LARGE = "File size exceeds 5MB limit.";
const DIMENSIONS_TOO_LARGE = "Image dimensions are too large.";

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 30 } } });
}

/** A PNG whose header claims any size: a decompression bomb only has to lie here. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function isWebp(body: Buffer) {
  return body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP";
}

async function expectRefusal(input: Buffer, message: string) {
  const error = await processListingImage(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "VALIDATION", message });
}

describe("processListingImage refuses what is not a photo", () => {
  test("a text file named photo.jpg is refused", async () => {
    await expectRefusal(Buffer.from("Just some notes, saved as photo.jpg\n"), INVALID_FILE_TYPE);
  });

  test("an SVG is refused", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefusal(Buffer.from(svg), INVALID_FILE_TYPE);
  });

  test("an HTML file is refused", async () => {
    await expectRefusal(
      Buffer.from("<!doctype html><html><body><img src=x onerror=alert(1)></body></html>"),
      INVALID_FILE_TYPE,
    );
  });

  test("a PDF is refused", async () => {
    await expectRefusal(Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"), INVALID_FILE_TYPE);
  });

  test("a format sharp can read but the spec does not allow (TIFF) is refused", async () => {
    await expectRefusal(await solid(50, 50).tiff().toBuffer(), INVALID_FILE_TYPE);
  });

  test("a file with JPEG magic bytes and garbage after them is refused as an invalid type, not a crash", async () => {
    await expectRefusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2000, 0x07)]), INVALID_FILE_TYPE);
  });

  test("a file with PNG magic bytes and garbage after them is refused as an invalid type", async () => {
    const garbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 1),
    ]);
    await expectRefusal(garbage, INVALID_FILE_TYPE);
  });

  test("a JPEG cut off half way is refused as an invalid type", async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    await expectRefusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)), INVALID_FILE_TYPE);
  });
});

describe("processListingImage limits", () => {
  test("a 6 MB image is refused with 'File size exceeds 5MB limit.'", async () => {
    const jpeg = await solid(100, 100).jpeg().toBuffer();
    const sixMegabytes = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]);
    await expectRefusal(sixMegabytes, FILE_TOO_LARGE);
  });

  test("an image of exactly 5 MB is accepted", async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const fiveMegabytes = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES - jpeg.length)]);
    const result = await processListingImage(fiveMegabytes);
    expect(result.widths).toEqual([320]);
  });

  test("a PNG claiming 30000x30000 pixels is refused with the dimensions message before decoding", async () => {
    const bomb = pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    await expectRefusal(bomb, DIMENSIONS_TOO_LARGE);
  });

  test("an image just over 40 megapixels is refused with the dimensions message", async () => {
    await expectRefusal(pngClaiming(8000, 5001), DIMENSIONS_TOO_LARGE);
  });

  test("a sliver too tall to encode as WebP at the listing widths is refused with the dimensions message", async () => {
    await expectRefusal(pngClaiming(400, 30_000), DIMENSIONS_TOO_LARGE);
  });
});

describe("processListingImage output", () => {
  test("a JPEG with EXIF and GPS comes out with no EXIF, ICC or XMP in any variant", async () => {
    const source = await solid(1300, 900)
      .jpeg()
      .withMetadata({ orientation: 1 })
      .withExifMerge({
        IFD0: { Copyright: "SwapShed test", Make: "TestCam" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "33/1 52/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "151/1 12/1 0/1",
        },
      })
      .toBuffer();
    const sourceMetadata = await sharp(source).metadata();
    expect(sourceMetadata.exif).toBeDefined();
    expect(sourceMetadata.exif?.includes("SwapShed test")).toBe(true);
    // The GPS IFD pointer, tag 0x8825, little-endian.
    expect(sourceMetadata.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const { variants } = await processListingImage(source);
    expect(variants).toHaveLength(3);
    for (const variant of variants) {
      const metadata = await sharp(variant.body).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(variant.body.includes("SwapShed test")).toBe(false);
      expect(variant.body.includes("TestCam")).toBe(false);
    }
  });

  test("a photo taken sideways is turned upright from its EXIF orientation", async () => {
    // Stored 800x400 landscape, orientation 6: the camera was held upright, so it shows 400x800.
    const source = await solid(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { widths, variants } = await processListingImage(source);
    expect(widths).toEqual([320]);
    const metadata = await sharp(variants[0].body).metadata();
    expect(metadata.width).toBe(320);
    expect(metadata.height).toBe(640);
    expect(metadata.orientation).toBeUndefined();
  });

  test("variants are WebP at 320, 640 and 1200 pixels wide from a large source", async () => {
    const { widths, variants } = await processListingImage(await solid(1600, 1200).jpeg().toBuffer());
    expect(widths).toEqual([320, 640, 1200]);
    expect(variants.map((variant) => variant.width)).toEqual([320, 640, 1200]);
    for (const variant of variants) {
      expect(isWebp(variant.body)).toBe(true);
      const metadata = await sharp(variant.body).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe((variant.width * 3) / 4);
    }
  });

  test("variants are never wider than the source", async () => {
    const { widths, variants } = await processListingImage(await solid(800, 600).png().toBuffer());
    expect(widths).toEqual([320, 640]);
    for (const variant of variants) {
      expect((await sharp(variant.body).metadata()).width).toBe(variant.width);
    }
  });

  test("a source narrower than 320 pixels keeps its own width and is not upscaled", async () => {
    const { widths, variants } = await processListingImage(await solid(200, 150).webp().toBuffer());
    expect(widths).toEqual([200]);
    expect(variants).toHaveLength(1);
    const metadata = await sharp(variants[0].body).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 150]);
  });

  test("PNG, WEBP and GIF uploads are accepted as well as JPEG", async () => {
    for (const upload of [
      await solid(400, 300).png().toBuffer(),
      await solid(400, 300).webp().toBuffer(),
      await solid(400, 300).gif().toBuffer(),
    ]) {
      const { variants } = await processListingImage(upload);
      expect(isWebp(variants[0].body)).toBe(true);
    }
  });

  test("an animated GIF becomes a still of its first frame", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);

    const { variants } = await processListingImage(animated);
    const metadata = await sharp(variants[0].body).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    expect([metadata.width, metadata.height]).toEqual([320, 240]);
    const { dominant } = await sharp(variants[0].body).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });
});

describe("variantWidths", () => {
  test("the listing widths that fit, or the source width when none do", () => {
    expect(variantWidths(5000)).toEqual([320, 640, 1200]);
    expect(variantWidths(1200)).toEqual([320, 640, 1200]);
    expect(variantWidths(1199)).toEqual([320, 640]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(64)).toEqual([64]);
  });
});
