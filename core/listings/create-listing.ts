import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { hitMemberLimit } from "../rate-limit/member-limits";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import type { Clock } from "../shared/clock";
import type { FileStorage } from "../storage/storage";
import { recordPictureHashes } from "../trust/check-same-photo";
import { checkListingWording, wordingOf } from "../trust/wording-signals";
import {
  checkPictureCount,
  type ListingSubmission,
  listingColumnsFrom,
  saveWithNewPictures,
} from "./listing-submission";

export type CreateListingInput = ListingSubmission & { ownerId: string };

/**
 * Creates an active listing and gives its id. Every rule is checked before anything is stored (a refusal is an
 * AppError naming the fields it is about); the images are stored before the row is written, and removed again if
 * the write fails (or, after a crash, by the sweep of pending files), so neither is left without the other.
 */
export async function createListing(
  deps: { db: Db; storage: FileStorage; clock: Clock; env?: { APP_URL: string } },
  input: CreateListingInput,
): Promise<string> {
  const columns = listingColumnsFrom(input);
  checkPictureCount(input.files.length);
  // Counted once the listing is valid (a typo costs nothing) and before any picture is processed.
  await hitMemberLimit(deps, { userId: input.ownerId, action: "create_listing" });

  const id = await saveWithNewPictures(deps, input, async (tx, images, hashes) => {
    const [row] = await tx
      .insert(listings)
      .values({ userId: input.ownerId, ...columns, images })
      .returning();
    await keepSavedSearchesInStep(tx, row.id);
    // Scam signals for staff (decision 098): the same photo on another account's listing, payment-scam wording.
    const now = deps.clock.now();
    const pictures = images.map((image, i) => ({ key: image.key, hash: hashes[i] }));
    await recordPictureHashes(tx, { listingId: row.id, userId: input.ownerId, pictures, now });
    await checkListingWording(tx, { listingId: row.id, userId: input.ownerId, ...wordingOf(row), now });
    return row.id;
  });
  // Saved searches it matches hear of it now (the background dispatcher otherwise, within seconds).
  await deliverAfterCommit(deps);
  return id;
}
