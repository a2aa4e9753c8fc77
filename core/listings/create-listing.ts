import type { Db } from "../../db/client";
import { listings } from "../../db/schema/listings";
import { storeListingImages } from "../images/store-listing-images";
import { locationColumns, resolveLocationField } from "../locations/localities";
import { describeIssues } from "../shared/describe-issues";
import { keepPendingFiles, notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { isAppError } from "../shared/app-error";
import { hitMemberLimit } from "../rate-limit/member-limits";
import type { Clock } from "../shared/clock";
import { IMAGE_REQUIRED, listingFieldsSchema, MAX_IMAGES, TOO_MANY_IMAGES, UNKNOWN_LOCATION } from "./listing-schema";

export type CreateListingInput = {
  ownerId: string;
  fields: Record<string, unknown>;
  /** Suburb, state and postcode picked from the autocomplete, when the browser had JavaScript. */
  picked?: { suburb?: unknown; state?: unknown; postcode?: unknown };
  files: Buffer[];
  /** The files' names, to say which one a refusal is about. */
  names?: string[];
};

export type CreateListingResult =
  | { ok: true; id: string }
  | { ok: false; status: number; message: string; fields?: Record<string, string> };

/**
 * Creates an active listing. Every rule is checked before anything is stored; the images are stored
 * before the row is written, and removed again if the write fails (or, after a crash, by the sweep of
 * pending files), so neither is left without the other.
 */
export async function createListing(
  deps: { db: Db; storage: FileStorage; clock: Clock },
  input: CreateListingInput,
): Promise<CreateListingResult> {
  const parsed = listingFieldsSchema.safeParse(input.fields);
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    return { ok: false, status: 400, message: first, fields };
  }
  const locality = resolveLocationField(parsed.data.location, input.picked);
  if (!locality) return invalid("location", UNKNOWN_LOCATION);
  if (input.files.length === 0) return invalid("images", IMAGE_REQUIRED);
  if (input.files.length > MAX_IMAGES) return invalid("images", TOO_MANY_IMAGES);
  // Counted once the listing is valid (a typo costs nothing) and before any picture is processed.
  try {
    await hitMemberLimit(deps, { userId: input.ownerId, action: "create_listing" });
  } catch (error) {
    if (isAppError(error)) return { ok: false, status: error.status, message: error.message };
    throw error;
  }

  // The pictures are noted before they are written and the note goes in the transaction that saves the row: a
  // crash anywhere in between leaves a note to delete them, never files that nothing points at (pending-files.ts).
  let note: string | undefined;
  const beforeStore = async (keys: string[]) => {
    note = await notePendingFiles(deps.db, { keys, now: deps.clock.now() });
  };
  let stored: Awaited<ReturnType<typeof storeListingImages>>;
  try {
    stored = await storeListingImages(deps.storage, {
      ownerId: input.ownerId,
      files: input.files,
      names: input.names,
      now: deps.clock.now(),
      beforeStore,
    });
  } catch (error) {
    if (note) await removePendingFiles(deps, note);
    if (isAppError(error) && error.code === "VALIDATION") return invalid("images", error.message);
    throw error;
  }

  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(listings)
        .values({
          userId: input.ownerId,
          title: parsed.data.title,
          description: parsed.data.description,
          category: parsed.data.category,
          condition: parsed.data.condition,
          valueMin: parsed.data.valueMin,
          valueMax: parsed.data.valueMax,
          ...locationColumns(locality),
          images: stored.images,
        })
        .returning();
      await keepPendingFiles(tx, { noteId: note as string, now: deps.clock.now() });
      return row.id;
    });
    return { ok: true, id };
  } catch (error) {
    await removePendingFiles(deps, note as string);
    throw error;
  }
}

function invalid(field: string, message: string): CreateListingResult {
  return { ok: false, status: 400, message, fields: { [field]: message } };
}
