import { randomBytes } from "node:crypto";
import type { ListingImage } from "#db/schema/listings.ts";
import { logger } from "../shared/logger";
import type { FileStorage } from "../storage/storage";
import { AppError, isAppError } from "../shared/app-error";
import { checkUploadedImage, processListingImage } from "./process-listing-image";

const SAFE_OWNER_ID = /^[A-Za-z0-9_-]+$/;

/** The folders pictures are stored under: listings', messages' (decision 087) and swap problems' (decision 097). */
export type PictureFolder = "listings" | "messages" | "problems";

export type StoredListingImages = {
  images: ListingImage[];
  /** Every key written, so the caller can delete them if the database write fails. */
  keys: string[];
  /** Each picture's perceptual hash, beside `images`. */
  hashes: string[];
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
    /**
     * The files' names as the member chose them, beside `files`: a refusal then says which picture it is about
     * ("fake.jpg: Invalid file type. ..."), every refused one on its own line.
     */
    names?: string[];
    /** Called with every key once the pictures are checked, before any is written (to note them: pending-files.ts). */
    beforeStore?: (keys: string[]) => Promise<void>;
    /**
     * Whose pictures: a listing's (under its owner's folder) or a message's (under its thread's folder, `ownerId`
     * being the thread's id). A message picture's name carries 128 random bits, so its key is never guessed.
     */
    folder?: PictureFolder;
  },
): Promise<StoredListingImages> {
  const { ownerId, files, now, folder = "listings" } = options;
  if (!SAFE_OWNER_ID.test(ownerId)) throw new Error(`Unsafe owner id for a storage key: ${JSON.stringify(ownerId)}`);

  // Every file's quick check first (bytes and header, nothing decoded), so that one answer names every bad one.
  if (options.names) {
    const refusals: string[] = [];
    for (const [i, file] of files.entries()) {
      try {
        await checkUploadedImage(file);
      } catch (error) {
        if (!isAppError(error) || error.code !== "VALIDATION") throw error;
        refusals.push(namedRefusal(options.names, i, error.message));
      }
    }
    if (refusals.length > 0) throw new AppError("VALIDATION", refusals.join("\n"));
  }

  // One at a time: decoding is the memory-hungry part, and sharp already uses several threads per image.
  const processed = [];
  for (const [i, file] of files.entries()) {
    try {
      processed.push(await processListingImage(file));
    } catch (error) {
      // A body damaged past its header is only found while decoding: still named.
      if (options.names && isAppError(error) && error.code === "VALIDATION")
        throw new AppError("VALIDATION", namedRefusal(options.names, i, error.message));
      throw error;
    }
  }

  const uploads: { key: string; body: Buffer }[] = [];
  const images = processed.map(({ widths, variants }): ListingImage => {
    const random = randomBytes(folder === "listings" ? 4 : 16).toString("hex");
    const prefix = `${folder}/${ownerId}/${now.getTime()}-${random}`;
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
  return { images, keys, hashes: processed.map((picture) => picture.hash) };
}

/** "fake.jpg: Invalid file type. ...", or "Picture 2: ..." for a file sent without a name. */
function namedRefusal(names: string[], index: number, message: string) {
  return `${displayName(names[index]) || `Picture ${index + 1}`}: ${message}`;
}

/** A sent file name as it may be shown back: its last path part, without control characters, at most 80 characters. */
export function displayName(name: string | undefined) {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
