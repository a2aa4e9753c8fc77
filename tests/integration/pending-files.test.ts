// Pictures are written before the row that points at them, so a process that dies in between (SIGKILL, a power
// cut, an OOM kill) would leave files nothing points at. They are noted first; these tests play the crash and the
// sweep that follows it. tests/faults/ does the same with a real process and real kills.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { createListing } from "#core/listings/create-listing.ts";
import { updateListing } from "#core/listings/update-listing.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import {
  keepPendingFiles,
  notePendingFiles,
  removeAbandonedFiles,
  UPLOAD_GRACE_MS,
} from "#core/storage/pending-files.ts";
import { listings } from "#db/schema/listings.ts";
import { pendingFiles } from "#db/schema/ops.ts";
import { GOOD_LISTING } from "../support/api-factories";
import { makeJpeg } from "../support/images";
import { createMember } from "../support/factories";
import { databaseForThisFile } from "../support/database-for-file";

const { db } = await databaseForThisFile();
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-pending-"));
const storage = createLocalStorage(uploadsDir);
const deps = { db, storage, clock: systemClock };
afterAll(async () => {
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const exists = (key: string) => fs.existsSync(path.join(uploadsDir, key));
const notes = () => db.select().from(pendingFiles);

/** What a create does up to the crash: the pictures noted and written, the row never saved. */
async function uploadCutShort(ownerId: string, now: Date) {
  const keys = [
    `listings/${ownerId}/${now.getTime()}-dead0001-320.webp`,
    `listings/${ownerId}/${now.getTime()}-dead0001-640.webp`,
  ];
  const note = await notePendingFiles(db, { keys, now });
  await storage.put(keys[0], Buffer.from("a whole picture"), "image/webp");
  // The second one was being written when the process died: only its temporary file is there.
  fs.writeFileSync(path.join(uploadsDir, "listings", ownerId, `.${path.basename(keys[1])}.tmp`), "half a pic");
  return { keys, note };
}

describe("pictures of an upload the process never finished", () => {
  test("with several processes, they are deleted once the upload's hour is up, and not before (it may still be saving)", async () => {
    const owner = await createMember(db);
    const now = new Date();
    const { keys, note } = await uploadCutShort(owner.id, now);

    expect(await removeAbandonedFiles({ db, storage, now: new Date(now.getTime() + UPLOAD_GRACE_MS - 1000) })).toBe(0);
    expect(exists(keys[0])).toBe(true);

    expect(await removeAbandonedFiles({ db, storage, now: new Date(now.getTime() + UPLOAD_GRACE_MS) })).toBe(2);
    expect(fs.readdirSync(path.join(uploadsDir, "listings", owner.id))).toEqual([]);
    expect((await notes()).map((n) => n.id)).not.toContain(note);
  });

  test("embedded, the lock-holder at boot deletes them at once: no other process can be saving", async () => {
    const owner = await createMember(db);
    const { keys } = await uploadCutShort(owner.id, new Date());
    await removeAbandonedFiles({ db, storage, now: new Date(), everything: true });
    expect(keys.some(exists)).toBe(false);
    expect(fs.readdirSync(path.join(uploadsDir, "listings", owner.id))).toEqual([]);
    expect(await notes()).toEqual([]);
  });

  test("a save that comes after its pictures were removed as abandoned is refused, so no row points at missing files", async () => {
    const owner = await createMember(db);
    const { note } = await uploadCutShort(owner.id, new Date());
    await removeAbandonedFiles({ db, storage, now: new Date(), everything: true });
    await expect(db.transaction((tx) => keepPendingFiles(tx, { noteId: note, now: new Date() }))).rejects.toThrow(
      /given up as abandoned/,
    );
  });
});

describe("pictures of finished writes", () => {
  test("a created listing keeps its pictures through the sweep and leaves no note", async () => {
    const owner = await createMember(db);
    const id = await createListing(deps, {
      ownerId: owner.id,
      fields: { ...GOOD_LISTING },
      files: [await makeJpeg({ width: 400, height: 300 })],
    });
    await removeAbandonedFiles({ db, storage, now: new Date(Date.now() + 2 * UPLOAD_GRACE_MS), everything: true });
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row.images).toHaveLength(1);
    expect(exists(`${row.images[0].key}-320.webp`)).toBe(true);
    expect(await notes()).toEqual([]);
  });

  test("an edit keeps its new pictures and deletes the ones it dropped, leaving no note", async () => {
    const owner = await createMember(db);
    const picture = await makeJpeg({ width: 400, height: 300 });
    const id = await createListing(deps, {
      ownerId: owner.id,
      fields: { ...GOOD_LISTING },
      files: [picture, picture],
    });
    const [before] = await db.select().from(listings).where(eq(listings.id, id));

    const edited = await updateListing(deps, {
      listingId: id,
      actorId: owner.id,
      fields: { ...GOOD_LISTING },
      keep: [before.images[0].key],
      files: [picture],
    });
    expect(edited).toBe(id);
    const [after] = await db.select().from(listings).where(eq(listings.id, id));
    expect(after.images.map((i) => i.key)).toEqual([
      before.images[0].key,
      expect.not.stringMatching(before.images[1].key),
    ]);
    expect(exists(`${before.images[1].key}-320.webp`)).toBe(false);
    for (const image of after.images) expect(exists(`${image.key}-320.webp`)).toBe(true);
    expect(await notes()).toEqual([]);
  });
});
