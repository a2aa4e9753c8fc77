import { detectImageType, IMAGE_SIGNATURE_BYTES, INVALID_FILE_TYPE } from "../images/detect-image-type";
import { IMAGE_TOO_BIG, MAX_IMAGE_BYTES, NOT_AN_IMAGE, namedFileRefusal } from "./listing-schema";

/**
 * The picture pickers' check of one chosen file, in the browser, the moment it is picked: its first bytes must
 * be a JPEG, PNG, WebP or GIF (what the server accepts), whatever its name or declared type says. A text file
 * named fake.jpg, or a phone's HEIC photo, is refused here by name instead of showing as a broken preview.
 * The server checks again by content (process-listing-image.ts): this only spares the member a wasted upload.
 * Answers the refusal naming the file ("fake.jpg: Invalid file type. ..."), or null for a good picture.
 */
export async function checkChosenPicture(file: File): Promise<string | null> {
  // Not even declared as a picture (a PDF, a document): the spec's message for that; then size, as before.
  if (file.type && !file.type.startsWith("image/")) return namedFileRefusal(file.name, NOT_AN_IMAGE);
  if (file.size >= MAX_IMAGE_BYTES) return namedFileRefusal(file.name, IMAGE_TOO_BIG);
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  if (!detectImageType(head)) return namedFileRefusal(file.name, INVALID_FILE_TYPE);
  return null;
}
