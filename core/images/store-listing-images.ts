import { randomBytes } from "node:crypto";
import type { ListingImage } from "../../db/schema/listings";
import { logger } from "../shared/logger";
import type { FileStorage } from "../storage/storage";
import { processListingImage } from "./process-listing-image";

const SAFE_OWNER_ID = /^[A-Za-z0-9_-]+$/;

export type StoredListingImages = {
  images: ListingImage[];
  /** Every key written, so the caller can delete them if the database write fails. */
  keys: string[];
};

/**
 * Checks and re-encodes a listing's uploads, then stores every variant under the member's folder with
 * server-made names (nothing of the uploaded file name survives). All or nothing: a bad file refuses
 * the lot before anything is written, and a failed write removes what was already stored.
 */
export async function storeListingImages(
  storage: FileStorage,
  options: {
    ownerId: string;
    files: Buffer[];
    now: Date;
    /** Called with every key once the pictures are checked, before any is written (to note them: pending-files.ts). */
    beforeStore?: (keys: string[]) => Promise<void>;
  },
): Promise<StoredListingImages> {
  const { ownerId, files, now } = options;
  if (!SAFE_OWNER_ID.test(ownerId)) throw new Error(`Unsafe owner id for a storage key: ${JSON.stringify(ownerId)}`);

  // One at a time: decoding is the memory-hungry part, and sharp already uses several threads per image.
  const processed = [];
  for (const file of files) processed.push(await processListingImage(file));

  const uploads: { key: string; body: Buffer }[] = [];
  const images = processed.map(({ widths, variants }): ListingImage => {
    const prefix = `listings/${ownerId}/${now.getTime()}-${randomBytes(4).toString("hex")}`;
    for (const variant of variants) uploads.push({ key: `${prefix}-${variant.width}.webp`, body: variant.body });
    return { key: prefix, widths };
  });
  const keys = uploads.map((upload) => upload.key);
  await options.beforeStore?.(keys);

  const results = await Promise.allSettled(uploads.map((upload) => storage.put(upload.key, upload.body, "image/webp")));
  const failure = results.find((result) => result.status === "rejected");
  if (failure) {
    // Every key, not only the ones that succeeded: a failed put may still have left an object behind.
    try {
      await storage.delete(keys);
    } catch (cleanupError) {
      // The put failure is what the caller needs; orphaned files only cost space.
      logger.warn("listing image cleanup failed", { keys, error: String(cleanupError) });
    }
    throw failure.reason;
  }
  return { images, keys };
}
