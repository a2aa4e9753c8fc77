import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type ListingImage, listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { pictureKeys } from "../images/picture-keys";
import { hitMemberLimit } from "../rate-limit/member-limits";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { recordPictureHashes } from "../trust/check-same-photo";
import { checkListingWording, wordingOf } from "../trust/wording-signals";
import { holdsAnyOf } from "../swaps/deal-items";
import { LISTING_NOT_FOUND } from "./delete-listing";
import { LISTING_RESERVED_NOT_EDITABLE, whyNotEditable } from "./listing-edit-rules";
import {
  checkPictureCount,
  type ListingSubmission,
  listingColumnsFrom,
  picturesRefused,
  saveWithNewPictures,
} from "./listing-submission";

export const PICTURES_CHANGED =
  "This listing's pictures changed since you opened it. Please reload the page and try again.";

export const PICTURE_ORDER_INVALID =
  "The order of the pictures does not match the pictures sent. Please reload the page and try again.";

export type UpdateListingInput = ListingSubmission & {
  listingId: string;
  actorId: string;
  /** Keys of the listing's current pictures to keep, in the order to show them; the rest are removed. */
  keep: string[];
  /**
   * Every picture in the order to show them, the cover first: a kept key, or `new:N` for the N-th new file.
   * It must name each kept picture and each new file exactly once (a permutation); left out, the kept pictures
   * come first in `keep`'s order and the new ones after them.
   */
  order?: string[];
};

/**
 * The owner changes an active listing and gets its id back: the same fields, rules and messages as creating one,
 * and its pictures kept, removed or added. Everything is checked before anything is stored (a refusal is an
 * AppError); new pictures are stored before the row changes and deleted again if it does not; removed pictures
 * are deleted only after the commit.
 */
export async function updateListing(
  deps: { db: Db; storage: FileStorage; clock: Clock; env?: { APP_URL: string } },
  input: UpdateListingInput,
): Promise<string> {
  if (!isUuid(input.listingId)) throw notFound();
  const columns = listingColumnsFrom(input);
  const keep = [...new Set(input.keep)];
  checkPictureCount(keep.length + input.files.length);
  if (input.order && !isPermutation(input.order, keep, input.files.length))
    throw picturesRefused(PICTURE_ORDER_INVALID);

  // A first look without a lock: a stranger, or a listing that cannot change, costs no limit and no picture work.
  await checkEditable(deps.db, input.listingId, input.actorId, keep);
  await hitMemberLimit(deps, { userId: input.actorId, action: "update_listing" });

  // Removed pictures are noted in the transaction that lets go of them, and deleted once it has committed.
  const pictures = { ownerId: input.actorId, files: input.files, names: input.names };
  const removed = await saveWithNewPictures(deps, pictures, async (tx, added, hashes) => {
    // Locked, and checked again: an accept that reserves it, or another edit of its pictures, waits or went first.
    const current = await checkEditable(tx, input.listingId, input.actorId, keep, { lock: true });
    const byKey = new Map(current.map((image) => [image.key, image]));
    const kept = keep.map((key) => byKey.get(key) as ListingImage);
    const images = input.order
      ? input.order.map((entry) =>
          entry.startsWith(NEW_PICTURE)
            ? added[Number(entry.slice(NEW_PICTURE.length))]
            : (byKey.get(entry) as ListingImage),
        )
      : [...kept, ...added];
    const now = deps.clock.now();
    await tx
      .update(listings)
      .set({ ...columns, images, updatedAt: now })
      .where(eq(listings.id, input.listingId));
    await keepSavedSearchesInStep(tx, input.listingId);
    // Scam signals for staff (decision 098): new pictures' hashes (removed ones let go), the edited wording.
    const removedImages = current.filter((image) => !keep.includes(image.key));
    await recordPictureHashes(tx, {
      listingId: input.listingId,
      userId: input.actorId,
      pictures: added.map((image, i) => ({ key: image.key, hash: hashes[i] })),
      removedKeys: removedImages.map((image) => image.key),
      now,
    });
    await checkListingWording(tx, { listingId: input.listingId, userId: input.actorId, ...wordingOf(columns), now });
    const dropped = pictureKeys(removedImages);
    return dropped.length ? notePendingFiles(tx, { keys: dropped, now, graceMs: 0 }) : null;
  });
  // Only now that the row no longer points at them: a rollback above would still have needed them.
  if (removed) await removePendingFiles(deps, removed);
  // Saved searches the edited listing now matches hear of it now (the background dispatcher otherwise).
  await deliverAfterCommit(deps);
  return input.listingId;
}

/** The owner's listing's pictures if it can be edited with these pictures kept; otherwise why not, thrown. */
async function checkEditable(db: Db, listingId: string, actorId: string, keep: string[], { lock = false } = {}) {
  const query = db
    .select({ status: listings.status, images: listings.images })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, actorId)));
  const [listing] = lock ? await query.for("update") : await query;
  // Someone else's listing answers exactly like a missing one.
  if (!listing || listing.status === "deleted") throw notFound();
  const why = whyNotEditable(listing.status);
  if (why) throw new AppError("CONFLICT", why);
  // A listing in an accepted or completed swap is reserved or swapped; this guards the history even if a status lagged.
  // In a swap on either side, in a bundle or not.
  const involved = holdsAnyOf([listingId]);
  const [busy] = await db
    .select({ id: swapProposals.id })
    .from(swapProposals)
    .where(and(involved, inArray(swapProposals.status, ["accepted", "arranging", "completed"])))
    .limit(1);
  if (busy) throw new AppError("CONFLICT", LISTING_RESERVED_NOT_EDITABLE);
  const current = new Set(listing.images.map((image) => image.key));
  if (!keep.every((key) => current.has(key))) throw new AppError("CONFLICT", PICTURES_CHANGED, { field: "images" });
  return listing.images;
}

const NEW_PICTURE = "new:";

/** Whether `order` names each kept key and each of the `added` new files (`new:0` ...) exactly once, and nothing else. */
export function isPermutation(order: string[], keep: string[], added: number) {
  const expected = [...keep, ...Array.from({ length: added }, (_, i) => `${NEW_PICTURE}${i}`)];
  if (order.length !== expected.length || new Set(order).size !== order.length) return false;
  const allowed = new Set(expected);
  return order.every((entry) => allowed.has(entry));
}

function notFound() {
  return new AppError("NOT_FOUND", LISTING_NOT_FOUND);
}
