import sharp from "sharp";
import { checkUploadedImage, decodeFailure } from "./process-listing-image";

/** Avatars are one square WebP this many pixels wide: enough for a 128-px circle on a high-density screen. */
export const AVATAR_SIZE = 256;
const ENCODE_TIMEOUT_SECONDS = 30;

/**
 * Checks an uploaded avatar exactly as a listing picture is checked (by content, at most 5 MB, the spec's
 * messages), then re-encodes it to a square WebP cropped around the middle. Orientation is applied from EXIF and
 * no metadata (EXIF with GPS position, ICC, XMP) is written: sharp writes none unless asked to.
 */
export async function processAvatarImage(input: Buffer): Promise<Buffer> {
  const { options } = await checkUploadedImage(input);
  try {
    return await sharp(input, options)
      .autoOrient()
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", position: "centre" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw decodeFailure(error);
  }
}
