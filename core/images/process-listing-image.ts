import sharp, { type Metadata, type SharpOptions } from "sharp";
import { AppError } from "../shared/app-error";
import { detectImageType, INVALID_FILE_TYPE } from "./detect-image-type";
import { pictureHash } from "./picture-hash";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: a 5 MB PNG can claim billions of pixels. 40 MP covers phone photos. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The responsive sizes every upload is re-encoded to (never upscaled). */
export const LISTING_IMAGE_WIDTHS = [320, 640, 1200] as const;

const WEBP_QUALITY = 80;
const WEBP_MAX_DIMENSION = 16_383;
const ENCODE_TIMEOUT_SECONDS = 30;

// The spec's exact server messages.
export const FILE_TOO_LARGE = "File size exceeds 5MB limit.";
const DIMENSIONS_TOO_LARGE = "Image dimensions are too large.";

export type ProcessedListingImage = {
  widths: number[];
  variants: { width: number; body: Buffer }[];
  /** Its perceptual hash (picture-hash.ts), for finding the same photo on other accounts' listings. */
  hash: string;
};

/** The widths to encode for a source this wide: the standard ones that fit, else the source's own width. */
export function variantWidths(sourceWidth: number): number[] {
  const fitting = LISTING_IMAGE_WIDTHS.filter((width) => width <= sourceWidth);
  return fitting.length > 0 ? fitting : [sourceWidth];
}

/**
 * Checks an uploaded file by content and re-encodes it to WebP at the listing widths. Orientation is
 * applied from EXIF, then every piece of metadata (EXIF with GPS position, ICC, XMP) is left behind:
 * sharp writes none unless keepMetadata/withMetadata is called, and they never are here.
 * Every refusal is an AppError VALIDATION with the spec's message; a corrupt file is never a 500.
 */
export async function processListingImage(input: Buffer): Promise<ProcessedListingImage> {
  const { options, width, height } = await checkUploadedImage(input);

  const widths = variantWidths(width);
  // A very tall, narrow image would exceed WebP's size limit once scaled to the target width.
  if (widths.some((target) => Math.round((height * target) / width) > WEBP_MAX_DIMENSION)) {
    throw new AppError("VALIDATION", DIMENSIONS_TOO_LARGE);
  }

  // autoOrient() is rotate() without an angle: it applies the EXIF orientation to the pixels.
  const source = sharp(input, options).autoOrient().timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
  try {
    const variants = await Promise.all(
      widths.map(async (target) => ({
        width: target,
        body: await source
          .clone()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
    const hash = await pictureHash(source.clone());
    return { widths, variants, hash };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/**
 * The checks every upload passes before it is decoded (listing pictures and avatars): at most 5 MB, a JPEG, PNG,
 * WebP or GIF by its bytes and by its header, and a pixel count within the budget. Returns the sharp options to
 * decode it with and its upright size. Every refusal is an AppError VALIDATION with the spec's message.
 */
export async function checkUploadedImage(
  input: Buffer,
): Promise<{ options: SharpOptions; width: number; height: number }> {
  if (input.length > MAX_IMAGE_BYTES) throw new AppError("VALIDATION", FILE_TOO_LARGE);
  const type = detectImageType(input);
  if (!type) throw new AppError("VALIDATION", INVALID_FILE_TYPE);

  // pages: 1 keeps only the first frame of an animated GIF or WebP: a listing photo is a still, and
  // one frame keeps the pixel budget and the output simple. limitInputPixels is sharp's own backstop
  // for the check below. failOn "warning" (sharp's advice for untrusted input) refuses damaged data.
  const options: SharpOptions = { pages: 1, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" };

  // The header alone (no pixels decoded yet) says what the file really is and how big it would be.
  const metadata = await readHeader(input);
  if (metadata.format !== type) throw new AppError("VALIDATION", INVALID_FILE_TYPE);
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw new AppError("VALIDATION", INVALID_FILE_TYPE);
  if (width * height > MAX_IMAGE_PIXELS) throw new AppError("VALIDATION", DIMENSIONS_TOO_LARGE);
  return { options, width, height };
}

async function readHeader(input: Buffer): Promise<Metadata> {
  try {
    // No pixel limit here: reading the header is cheap, and the dimension check after it gives the
    // member the right message (sharp would refuse with a generic error).
    return await sharp(input, { pages: 1, limitInputPixels: false }).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
}

export function decodeFailure(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError("VALIDATION", DIMENSIONS_TOO_LARGE);
  }
  // Valid magic bytes with a damaged or truncated body: the member's file, not our server, is at fault.
  return new AppError("VALIDATION", INVALID_FILE_TYPE);
}
