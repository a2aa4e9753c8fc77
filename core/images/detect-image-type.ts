/** The spec's message for a file that is none of them (browser-safe: the picture pickers show it too). */
export const INVALID_FILE_TYPE = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";

/** How many first bytes detectImageType needs to tell them apart. */
export const IMAGE_SIGNATURE_BYTES = 12;

/** The raster formats a listing photo may be uploaded as. */
export type ImageType = "jpeg" | "png" | "webp" | "gif";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0) {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the file's first bytes (magic numbers) alone. The file name and the type the
 * browser declared are attacker-controlled, so they are never consulted: a text file named photo.jpg,
 * an SVG (script-capable), an HTML page or a PDF all come back null.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  return null;
}
