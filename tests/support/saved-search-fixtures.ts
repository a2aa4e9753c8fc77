// Listing through the real use cases for the saved-search suites: a new or edited listing records the event that
// matches it against saved searches, as it does for members.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createListing as listItem } from "#core/listings/create-listing.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import type { Db } from "#db/client.ts";
import { GOOD_LISTING } from "./api-factories";
import { createMember } from "./factories";
import { makeJpeg } from "./images";

const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "saved-searches-")));

/** A member who joined long ago (no new-account limits on listing). */
export const longStandingMember = (db: Db, name = "Kylie Nguyen") =>
  createMember(db, { name, joinedAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) });

/** Lists an item as its owner would (createListing), with one real picture; fields override GOOD_LISTING's. */
export async function listItemAs(db: Db, ownerId: string, fields: Record<string, string> = {}) {
  return listItem(
    { db, storage, clock: systemClock },
    { ownerId, fields: { ...GOOD_LISTING, ...fields }, files: [await makeJpeg({ width: 64, height: 48 })] },
  );
}
