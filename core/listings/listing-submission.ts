import type { Db } from "../../db/client";
import type { ListingImage } from "../../db/schema/listings";
import { storeListingImages } from "../images/store-listing-images";
import { locationColumns, resolveLocationField } from "../locations/localities";
import { AppError, isAppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { describeIssues } from "../shared/describe-issues";
import { keepPendingFiles, notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { listingFieldsSchema, UNKNOWN_LOCATION } from "./listing-schema";

/** What creating and editing a listing both read: the same fields, rules and messages. */
export type ListingSubmission = {
  fields: Record<string, unknown>;
  /** Suburb, state and postcode picked from the autocomplete, when the browser had JavaScript. */
  picked?: { suburb?: unknown; state?: unknown; postcode?: unknown };
  files: Buffer[];
  /** The files' names, to say which one a refusal is about. */
  names?: string[];
};

type Deps = { db: Db; storage: FileStorage; clock: Clock };

/** The form's fields as the listing row's columns; a refusal names every field that breaks a rule. */
export function listingColumnsFrom({ fields, picked }: Pick<ListingSubmission, "fields" | "picked">) {
  const parsed = listingFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const { fields: messages, first } = describeIssues(parsed.error);
    throw new AppError("VALIDATION", first, { fields: messages });
  }
  const locality = resolveLocationField(parsed.data.location, picked);
  if (!locality) throw new AppError("VALIDATION", UNKNOWN_LOCATION, { field: "location" });
  const { title, description, category, condition, valueMin, valueMax } = parsed.data;
  return { title, description, category, condition, valueMin, valueMax, ...locationColumns(locality) };
}

/** A refusal about the pictures, shown beside the form's picture field. */
export function picturesRefused(message: string) {
  return new AppError("VALIDATION", message, { field: "images" });
}

/**
 * Stores new pictures, noted as pending before any is written: a crash from here on leaves a note to delete
 * them, never files that nothing points at (pending-files.ts). `note` is that note, for `saveWithNewPictures`.
 */
export async function storeNewPictures(
  deps: Deps,
  { ownerId, files, names }: { ownerId: string } & Pick<ListingSubmission, "files" | "names">,
): Promise<{ images: ListingImage[]; note?: string }> {
  if (files.length === 0) return { images: [] };
  let note: string | undefined;
  try {
    const { images } = await storeListingImages(deps.storage, {
      ownerId,
      files,
      names,
      now: deps.clock.now(),
      beforeStore: async (keys) => {
        note = await notePendingFiles(deps.db, { keys, now: deps.clock.now() });
      },
    });
    return { images, note };
  } catch (error) {
    if (note) await removePendingFiles(deps, note);
    if (isAppError(error) && error.code === "VALIDATION") throw picturesRefused(error.message);
    throw error;
  }
}

/**
 * Writes the row in a transaction that also settles the new pictures' note, so that they are kept exactly when
 * the row that points at them is saved; if the write fails or is refused, the new pictures are deleted again.
 */
export async function saveWithNewPictures<T>(deps: Deps, note: string | undefined, write: (tx: Db) => Promise<T>) {
  try {
    return await deps.db.transaction(async (tx) => {
      const value = await write(tx);
      if (note) await keepPendingFiles(tx, { noteId: note, now: deps.clock.now() });
      return value;
    });
  } catch (error) {
    if (note) await removePendingFiles(deps, note);
    throw error;
  }
}
