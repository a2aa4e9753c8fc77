import type { Db } from "#db/client.ts";
import type { ListingImage } from "#db/schema/listings.ts";
import { AppError, isAppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { keepPendingFiles, notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { type PictureFolder, storeListingImages } from "./store-listing-images";

/**
 * Stores the new pictures, then runs `write` (given them) in a transaction, so that they are kept exactly when the
 * row that points at them is saved. They are noted as pending before any is written and the note is settled in
 * that transaction: a refusal or a failure deletes them again, and a crash anywhere in between leaves a note to
 * delete them, never files that nothing points at (pending-files.ts). A listing's pictures and a message's alike
 * (`folder`); a picture's refusal names the form's field (`field`), so it shows beside the picker. `write` also gets
 * each new picture's perceptual hash (for the same-photo signal).
 */
export async function saveWithNewPictures<T>(
  deps: { db: Db; storage: FileStorage; clock: Clock },
  {
    ownerId,
    files,
    names,
    folder = "listings",
    field,
  }: { ownerId: string; files: Buffer[]; names?: string[]; folder?: PictureFolder; field: string },
  write: (tx: Db, added: ListingImage[], hashes: string[]) => Promise<T>,
): Promise<T> {
  let note: string | undefined;
  let added: ListingImage[] = [];
  let hashes: string[] = [];
  if (files.length > 0) {
    try {
      ({ images: added, hashes } = await storeListingImages(deps.storage, {
        ownerId,
        files,
        names,
        folder,
        now: deps.clock.now(),
        beforeStore: async (keys) => {
          note = await notePendingFiles(deps.db, { keys, now: deps.clock.now() });
        },
      }));
    } catch (error) {
      if (note) await removePendingFiles(deps, note);
      if (isAppError(error) && error.code === "VALIDATION") throw new AppError("VALIDATION", error.message, { field });
      throw error;
    }
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const value = await write(tx, added, hashes);
      if (note) await keepPendingFiles(tx, { noteId: note, now: deps.clock.now() });
      return value;
    });
  } catch (error) {
    if (note) await removePendingFiles(deps, note);
    throw error;
  }
}
