import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ListingImage, listings } from "../../db/schema/listings";
import { swapProposals } from "../../db/schema/swaps";
import { pictureKeys } from "../images/picture-keys";
import { storeListingImages } from "../images/store-listing-images";
import { locationColumns, resolveLocationField } from "../locations/localities";
import { hitMemberLimit } from "../rate-limit/member-limits";
import { isAppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { describeIssues } from "../shared/describe-issues";
import { keepPendingFiles, notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { LISTING_NOT_FOUND } from "./delete-listing";
import { LISTING_RESERVED_NOT_EDITABLE, whyNotEditable } from "./listing-edit-rules";
import { IMAGE_REQUIRED, listingFieldsSchema, MAX_IMAGES, TOO_MANY_IMAGES, UNKNOWN_LOCATION } from "./listing-schema";
import { isUuid } from "../shared/ids";

export const PICTURES_CHANGED =
  "This listing's pictures changed since you opened it. Please reload the page and try again.";

export const PICTURE_ORDER_INVALID =
  "The order of the pictures does not match the pictures sent. Please reload the page and try again.";

export type UpdateListingInput = {
  listingId: string;
  actorId: string;
  fields: Record<string, unknown>;
  /** Suburb, state and postcode picked from the autocomplete, when the browser had JavaScript. */
  picked?: { suburb?: unknown; state?: unknown; postcode?: unknown };
  /** Keys of the listing's current pictures to keep, in the order to show them; the rest are removed. */
  keep: string[];
  /** New pictures, added after the kept ones unless `order` says otherwise. */
  files: Buffer[];
  /** The files' names, to say which one a refusal is about. */
  names?: string[];
  /**
   * Every picture in the order to show them, the cover first: a kept key, or `new:N` for the N-th new file.
   * It must name each kept picture and each new file exactly once (a permutation); left out, the kept pictures
   * come first in `keep`'s order and the new ones after them.
   */
  order?: string[];
};

export type UpdateListingResult =
  | { ok: true; id: string }
  | { ok: false; status: number; message: string; fields?: Record<string, string> };

type Refusal = Extract<UpdateListingResult, { ok: false }>;

/** Thrown inside the transaction to roll it back; answered as the refusal it carries. */
class EditRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * The owner changes an active listing: the same fields, rules and messages as creating one, and its pictures
 * kept, removed or added. Everything is checked before anything is stored; new pictures are stored before the
 * row changes and deleted again if it does not; removed pictures are deleted only after the commit.
 */
export async function updateListing(
  deps: { db: Db; storage: FileStorage; clock: Clock },
  input: UpdateListingInput,
): Promise<UpdateListingResult> {
  if (!isUuid(input.listingId)) return notFound();
  const parsed = listingFieldsSchema.safeParse(input.fields);
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    return { ok: false, status: 400, message: first, fields };
  }
  const locality = resolveLocationField(parsed.data.location, input.picked);
  if (!locality) return invalid("location", UNKNOWN_LOCATION);
  const keep = [...new Set(input.keep)];
  if (keep.length + input.files.length === 0) return invalid("images", IMAGE_REQUIRED);
  if (keep.length + input.files.length > MAX_IMAGES) return invalid("images", TOO_MANY_IMAGES);
  if (input.order && !isPermutation(input.order, keep, input.files.length))
    return invalid("images", PICTURE_ORDER_INVALID);

  // A first look without a lock: a stranger, or a listing that cannot change, costs no limit and no picture work.
  const before = await checkEditable(deps.db, input.listingId, input.actorId, keep);
  if (!before.ok) return before;
  try {
    await hitMemberLimit(deps, { userId: input.actorId, action: "update_listing" });
  } catch (error) {
    if (isAppError(error)) return { ok: false, status: error.status, message: error.message };
    throw error;
  }

  // New pictures are noted before they are written, removed ones in the transaction that lets go of them; each
  // note goes when its files are settled, so a crash at any point leaves notes, never unknown files (pending-files.ts).
  let added: string | undefined;
  let stored: Awaited<ReturnType<typeof storeListingImages>> = { images: [], keys: [] };
  if (input.files.length > 0) {
    try {
      stored = await storeListingImages(deps.storage, {
        ownerId: input.actorId,
        files: input.files,
        names: input.names,
        now: deps.clock.now(),
        beforeStore: async (keys) => {
          added = await notePendingFiles(deps.db, { keys, now: deps.clock.now() });
        },
      });
    } catch (error) {
      if (added) await removePendingFiles(deps, added);
      if (isAppError(error) && error.code === "VALIDATION") return invalid("images", error.message);
      throw error;
    }
  }

  let removed: string | null;
  try {
    removed = await deps.db.transaction(async (tx) => {
      // Locked, and checked again: an accept that reserves it, or another edit of its pictures, waits or went first.
      const current = await checkEditable(tx, input.listingId, input.actorId, keep, { lock: true });
      if (!current.ok) throw new EditRefused(current);
      const byKey = new Map(current.images.map((image) => [image.key, image]));
      const kept = keep.map((key) => byKey.get(key) as ListingImage);
      const images = input.order
        ? input.order.map((entry) =>
            entry.startsWith(NEW_PICTURE)
              ? stored.images[Number(entry.slice(NEW_PICTURE.length))]
              : (byKey.get(entry) as ListingImage),
          )
        : [...kept, ...stored.images];
      const now = deps.clock.now();
      await tx
        .update(listings)
        .set({
          title: parsed.data.title,
          description: parsed.data.description,
          category: parsed.data.category,
          condition: parsed.data.condition,
          valueMin: parsed.data.valueMin,
          valueMax: parsed.data.valueMax,
          ...locationColumns(locality),
          images,
          updatedAt: now,
        })
        .where(eq(listings.id, input.listingId));
      if (added) await keepPendingFiles(tx, { noteId: added, now });
      const dropped = pictureKeys(current.images.filter((image) => !keep.includes(image.key)));
      return dropped.length ? notePendingFiles(tx, { keys: dropped, now, graceMs: 0 }) : null;
    });
  } catch (error) {
    if (added) await removePendingFiles(deps, added);
    if (error instanceof EditRefused) return error.refusal;
    throw error;
  }
  // Only now that the row no longer points at them: a rollback above would still have needed them.
  if (removed) await removePendingFiles(deps, removed);
  return { ok: true, id: input.listingId };
}

/** The owner's listing if it can be edited with these pictures kept, or why not. */
async function checkEditable(db: Db, listingId: string, actorId: string, keep: string[], { lock = false } = {}) {
  const query = db
    .select({ status: listings.status, images: listings.images })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, actorId)));
  const [listing] = lock ? await query.for("update") : await query;
  // Someone else's listing answers exactly like a missing one.
  if (!listing || listing.status === "deleted") return notFound();
  const why = whyNotEditable(listing.status);
  if (why) return { ok: false as const, status: 409, message: why };
  // A listing in an accepted or completed swap is reserved or swapped; this guards the history even if a status lagged.
  const involved = or(eq(swapProposals.offeredListingId, listingId), eq(swapProposals.targetListingId, listingId));
  const [busy] = await db
    .select({ id: swapProposals.id })
    .from(swapProposals)
    .where(and(involved, inArray(swapProposals.status, ["accepted", "completed"])))
    .limit(1);
  if (busy) return { ok: false as const, status: 409, message: LISTING_RESERVED_NOT_EDITABLE };
  const current = new Set(listing.images.map((image) => image.key));
  if (!keep.every((key) => current.has(key)))
    return { ok: false as const, status: 409, message: PICTURES_CHANGED, fields: { images: PICTURES_CHANGED } };
  return { ok: true as const, images: listing.images };
}

const NEW_PICTURE = "new:";

/** Whether `order` names each kept key and each of the `added` new files (`new:0` ...) exactly once, and nothing else. */
export function isPermutation(order: string[], keep: string[], added: number) {
  const expected = [...keep, ...Array.from({ length: added }, (_, i) => `${NEW_PICTURE}${i}`)];
  if (order.length !== expected.length || new Set(order).size !== order.length) return false;
  const allowed = new Set(expected);
  return order.every((entry) => allowed.has(entry));
}

function notFound(): Refusal {
  return { ok: false, status: 404, message: LISTING_NOT_FOUND };
}

function invalid(field: string, message: string): Refusal {
  return { ok: false, status: 400, message, fields: { [field]: message } };
}
