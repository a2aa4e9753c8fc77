import type { Db } from "#db/client.ts";
import type { ListingImage } from "#db/schema/listings.ts";
import { saveWithNewPictures as savePictures } from "../images/save-with-new-pictures";
import { locationColumns, resolveLocationField } from "../locations/localities";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { describeIssues } from "../shared/describe-issues";
import type { FileStorage } from "../storage/storage";
import { IMAGE_REQUIRED, listingFieldsSchema, MAX_IMAGES, TOO_MANY_IMAGES, UNKNOWN_LOCATION } from "./listing-schema";

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
  const { title, description, wants, wantsCategories, category, condition, valueMin, valueMax, vehicleId } =
    parsed.data;
  return {
    vehicleId: vehicleId || null,
    title,
    description,
    wants,
    wantsCategories,
    category,
    condition,
    valueMin,
    valueMax,
    ...locationColumns(locality),
  };
}

/** A refusal about the pictures, shown beside the form's picture field. */
export function picturesRefused(message: string) {
  return new AppError("VALIDATION", message, { field: "images" });
}

/** Refuses a listing with no picture, or with more than it may have (new and kept ones together). */
export function checkPictureCount(count: number) {
  if (count === 0) throw picturesRefused(IMAGE_REQUIRED);
  if (count > MAX_IMAGES) throw picturesRefused(TOO_MANY_IMAGES);
}

/** A listing's new pictures stored and kept with its row (core/images/save-with-new-pictures.ts). */
export function saveWithNewPictures<T>(
  deps: Deps,
  { ownerId, files, names }: { ownerId: string } & Pick<ListingSubmission, "files" | "names">,
  write: (tx: Db, added: ListingImage[], hashes: string[]) => Promise<T>,
): Promise<T> {
  return savePictures(deps, { ownerId, files, names, folder: "listings", field: "images" }, write);
}
