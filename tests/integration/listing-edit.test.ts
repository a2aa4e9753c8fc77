import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { pictureKeys } from "#core/images/picture-keys.ts";
import {
  LISTING_REMOVED_NOT_EDITABLE,
  LISTING_RESERVED_NOT_EDITABLE,
  LISTING_SWAPPED_NOT_EDITABLE,
} from "#core/listings/listing-edit-rules.ts";
import { PICTURES_CHANGED, updateListing } from "#core/listings/update-listing.ts";
import type { AppError } from "#core/shared/app-error.ts";
import { MEMBER_LIMITS } from "#core/rate-limit/member-limits.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import type { FileStorage } from "#core/storage/storage.ts";
import { type ListingStatus, listings } from "#db/schema/listings.ts";
import { GOOD_LISTING, postListing, sameOrigin, signUpMember } from "../support/api-factories";
import { appWithUploads, filesUnder } from "../support/app-with-uploads";
import { createSwap } from "../support/factories";
import { makeJpeg, makeNoisePng, type Upload } from "../support/images";

const { db, testApp, app, uploadsDir } = await appWithUploads();

const smallJpeg = (width = 64) => makeJpeg({ width, height: 48 });
const listingRow = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0];

/** The listings table and the stored files: what a refused edit must leave exactly as it was. */
async function snapshot() {
  const rows = await db.select().from(listings).orderBy(listings.id);
  return { listings: rows.map((row) => JSON.stringify(row)), files: filesUnder(uploadsDir) };
}

/**
 * PUTs the edit form as multipart FormData, as the page's JavaScript does: fields default to a valid listing
 * (a field set to undefined is left out), `keep` lists the pictures to keep, `images` adds new ones.
 */
async function editViaApi(
  cookie: string | undefined,
  id: string,
  {
    keep = [],
    images = [],
    ...overrides
  }: Partial<Record<keyof typeof GOOD_LISTING, string | undefined>> & { keep?: string[]; images?: Upload[] } = {},
) {
  const form = new FormData();
  const fields: Record<string, string | undefined> = { ...GOOD_LISTING, ...overrides };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const key of keep) form.append("keepImages", key);
  for (const [i, upload] of images.entries()) {
    const bytes = typeof upload.body === "string" ? upload.body : new Uint8Array(upload.body);
    form.append("images", new File([bytes], upload.name ?? `new-${i + 1}.jpg`, { type: upload.type ?? "image/jpeg" }));
  }
  return app.request(`/api/v1/listings/${id}`, { method: "PUT", body: form, headers: sameOrigin(cookie) });
}

/** A member with one listing of `pictures` small JPEGs; returns the member, the id and the picture keys. */
async function ownerWithListing(pictures = 1) {
  const owner = await signUpMember(testApp, { name: "Kylie Nguyen" });
  const images: Upload[] = [];
  for (let i = 0; i < pictures; i++) images.push({ body: await smallJpeg(64 + i) });
  const id = await postListing(testApp, owner.cookie, { images });
  const keys = (await listingRow(id)).images.map((image) => image.key);
  return { owner, id, keys };
}

describe("the owner edits a listing", () => {
  test("every field and the location change, the pictures stay, and the public page shows the new listing", async () => {
    const { owner, id, keys } = await ownerWithListing();
    const before = await listingRow(id);
    const res = await editViaApi(owner.cookie, id, {
      keep: keys,
      title: "Weber kettle barbecue, 57 cm, with cover",
      description: "Cleaned, new grill, cover and tongs included. Pick-up only.",
      category: "sports_outdoors",
      condition: "like_new",
      valueMin: "200",
      valueMax: "320",
      location: "Fitzroy VIC 3065",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id });

    const row = await listingRow(id);
    expect(row).toMatchObject({
      title: "Weber kettle barbecue, 57 cm, with cover",
      description: "Cleaned, new grill, cover and tongs included. Pick-up only.",
      category: "sports_outdoors",
      condition: "like_new",
      valueMin: 200,
      valueMax: 320,
      location: "Fitzroy VIC 3065",
      suburb: "Fitzroy",
      state: "VIC",
      postcode: "3065",
      status: "active",
      images: before.images,
      createdAt: before.createdAt,
    });
    expect(row.latitude).toBeCloseTo(-37.8, 1);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    const page = await (await app.request(`/api/v1/listings/${id}`)).json();
    expect(page.listing.title).toBe("Weber kettle barbecue, 57 cm, with cover");
  });

  test("pictures: one kept, one removed and one added; the removed one's files are gone, the others are there", async () => {
    const { owner, id, keys } = await ownerWithListing(2);
    const [keptKey, removedKey] = keys;
    const before = await listingRow(id);
    const removedFiles = pictureKeys(before.images.filter((image) => image.key === removedKey));
    for (const key of removedFiles) expect(fs.existsSync(path.join(uploadsDir, key))).toBe(true);

    const res = await editViaApi(owner.cookie, id, { keep: [keptKey], images: [{ body: await smallJpeg(90) }] });
    expect(res.status).toBe(200);

    const row = await listingRow(id);
    expect(row.images).toHaveLength(2);
    // The kept picture stays first (the cover); the new one follows it.
    expect(row.images[0]).toEqual(before.images[0]);
    expect(row.images[1].widths).toEqual([90]);
    expect(row.images[1].key.startsWith(`listings/${owner.userId}/`)).toBe(true);
    for (const key of removedFiles) expect(fs.existsSync(path.join(uploadsDir, key))).toBe(false);
    for (const key of pictureKeys(row.images)) expect(fs.existsSync(path.join(uploadsDir, key))).toBe(true);
    // The member's folder holds exactly the listing's pictures: nothing orphaned.
    expect(
      filesUnder(path.join(uploadsDir, "listings", owner.userId)).map((name) => `listings/${owner.userId}/${name}`),
    ).toEqual(pictureKeys(row.images).sort());
    expect((await app.request(`/uploads/${removedFiles[0]}`)).status).toBe(404);
  });

  test("the kept pictures take the order they are sent in: the first is the new cover", async () => {
    const { owner, id, keys } = await ownerWithListing(3);
    const res = await editViaApi(owner.cookie, id, { keep: [keys[2], keys[0]] });
    expect(res.status).toBe(200);
    expect((await listingRow(id)).images.map((image) => image.key)).toEqual([keys[2], keys[0]]);
  });
});

describe("who may edit", () => {
  test("another member cannot edit your listing: 404, as if it did not exist, and nothing changes", async () => {
    const { id, keys } = await ownerWithListing();
    const stranger = await signUpMember(testApp);
    const before = await snapshot();
    const res = await editViaApi(stranger.cookie, id, {
      keep: keys,
      title: "Mine now",
      images: [{ body: await smallJpeg() }],
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("Listing not found");
    expect(await snapshot()).toEqual(before);
  });

  test("a visitor cannot edit a listing: 401 and nothing changes", async () => {
    const { id, keys } = await ownerWithListing();
    const before = await snapshot();
    const res = await editViaApi(undefined, id, { keep: keys, title: "Visitor's title" });
    expect(res.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  test("an id that is not a listing's is answered 404, not a server error", async () => {
    const member = await signUpMember(testApp);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await editViaApi(member.cookie, id, { keep: [], images: [{ body: await smallJpeg() }] });
      expect(res.status).toBe(404);
    }
  });
});

describe("the same rules and messages as creating a listing", () => {
  const cases: [string, Partial<Record<keyof typeof GOOD_LISTING, string | undefined>>, string, string][] = [
    ["a short title", { title: "ab" }, "title", "Title must be at least 3 characters"],
    ["a short description", { description: "Too short" }, "description", "Description must be at least 10 characters"],
    ["no category", { category: "" }, "category", "Please select a category"],
    ["Services (coming soon)", { category: "services" }, "category", "Please select a category"],
    ["a min value of 0", { valueMin: "0" }, "valueMin", "Min value must be at least 1"],
    [
      "a max below the min",
      { valueMin: "300", valueMax: "100" },
      "valueMax",
      "Maximum value must be greater than minimum value",
    ],
    ["a place that is not a suburb", { location: "Atlantis" }, "location", "Please choose a suburb from the list"],
  ];
  for (const [what, fields, field, message] of cases) {
    test(`${what} is refused with '${message}' and nothing changes`, async () => {
      const { owner, id, keys } = await ownerWithListing();
      const before = await snapshot();
      const res = await editViaApi(owner.cookie, id, { keep: keys, ...fields, images: [{ body: await smallJpeg() }] });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toBe(message);
      expect(body.fields[field]).toBe(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  test("removing every picture without adding one is refused with 'Please select an image'", async () => {
    const { owner, id } = await ownerWithListing(2);
    const before = await snapshot();
    const res = await editViaApi(owner.cookie, id, { keep: [] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "Please select an image",
      fields: { images: "Please select an image" },
    });
    expect(await snapshot()).toEqual(before);
  });

  test("more than 8 pictures in all is refused before any is stored", async () => {
    const { owner, id, keys } = await ownerWithListing(7);
    const before = await snapshot();
    const res = await editViaApi(owner.cookie, id, {
      keep: keys,
      images: [{ body: await smallJpeg() }, { body: await smallJpeg() }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("You can add up to 8 images");
    expect(await snapshot()).toEqual(before);
  });

  test("a new file that is not a picture is refused by its content, whatever its name says; nothing changes", async () => {
    const { owner, id, keys } = await ownerWithListing();
    const before = await snapshot();
    const res = await editViaApi(owner.cookie, id, {
      keep: keys,
      title: "A new title that must not land",
      images: [
        { body: await smallJpeg() },
        { body: "%PDF-1.7 not a picture", name: "holiday.jpg", type: "image/jpeg" },
      ],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.images).toBe(
      "holiday.jpg: Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.",
    );
    expect(await snapshot()).toEqual(before);
  });

  test("a new picture over 5MB is refused with the server's message; nothing changes", async () => {
    const { owner, id, keys } = await ownerWithListing();
    const big = await makeNoisePng();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const before = await snapshot();
    const res = await editViaApi(owner.cookie, id, {
      keep: keys,
      images: [{ body: big, name: "big.png", type: "image/png" }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("big.png: File size exceeds 5MB limit.");
    expect(await snapshot()).toEqual(before);
  });

  test("keeping a picture that is not this listing's (another member's) is refused, and the new upload is not left behind", async () => {
    const { owner, id } = await ownerWithListing();
    const other = await ownerWithListing();
    const before = await snapshot();
    const res = await editViaApi(owner.cookie, id, { keep: other.keys, images: [{ body: await smallJpeg() }] });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(PICTURES_CHANGED);
    expect(await snapshot()).toEqual(before);
  });
});

describe("listings that cannot change", () => {
  const states: [string, ListingStatus, string, number][] = [
    ["a reserved listing (in an accepted swap)", "reserved", LISTING_RESERVED_NOT_EDITABLE, 409],
    ["a swapped listing", "swapped", LISTING_SWAPPED_NOT_EDITABLE, 409],
    ["a listing moderators removed", "cancelled", LISTING_REMOVED_NOT_EDITABLE, 409],
  ];
  for (const [what, status, message, code] of states) {
    test(`${what} cannot be edited: ${code} with the reason, and nothing changes`, async () => {
      const { owner, id, keys } = await ownerWithListing();
      await db.update(listings).set({ status }).where(eq(listings.id, id));
      const before = await snapshot();
      const res = await editViaApi(owner.cookie, id, {
        keep: keys,
        title: "Changed after the swap",
        images: [{ body: await smallJpeg() }],
      });
      expect(res.status).toBe(code);
      expect((await res.json()).error).toBe(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  test("a deleted listing is not found", async () => {
    const { owner, id, keys } = await ownerWithListing();
    expect(
      (await app.request(`/api/v1/listings/${id}`, { method: "DELETE", headers: sameOrigin(owner.cookie) })).status,
    ).toBe(200);
    const res = await editViaApi(owner.cookie, id, { keep: keys });
    expect(res.status).toBe(404);
  });

  test("a listing in an accepted swap is refused even while its status still says active", async () => {
    const { owner, id, keys } = await ownerWithListing();
    const proposer = await ownerWithListing();
    await createSwap(db, {
      status: "accepted",
      targetListingId: id,
      offeredListingId: proposer.id,
      proposerId: proposer.owner.userId,
      receiverId: owner.userId,
    });
    const before = await snapshot();
    const res = await editViaApi(owner.cookie, id, { keep: keys, title: "Sneaky change" });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(LISTING_RESERVED_NOT_EDITABLE);
    expect(await snapshot()).toEqual(before);
  });
});

describe("pictures and the transaction", () => {
  /** Local storage whose hooks run before a put and before a delete. */
  function hookedStorage(hooks: { beforePut?: () => Promise<void>; beforeDelete?: (keys: string[]) => Promise<void> }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-edit-"));
    const local = createLocalStorage(dir);
    const storage: FileStorage = {
      get: (key) => local.get(key),
      put: async (key, body, type) => {
        await hooks.beforePut?.();
        return local.put(key, body, type);
      },
      delete: async (keys) => {
        await hooks.beforeDelete?.(keys);
        return local.delete(keys);
      },
    };
    return { storage, dir };
  }

  const fields = { ...GOOD_LISTING, title: "Edited in a race" };

  test("when the listing is reserved while the new pictures upload, the edit is refused and they are deleted again", async () => {
    const { owner, id, keys } = await ownerWithListing();
    let reserved = false;
    const { storage, dir } = hookedStorage({
      // An accept lands between the first check and the transaction.
      beforePut: async () => {
        if (reserved) return;
        reserved = true;
        await db.update(listings).set({ status: "reserved" }).where(eq(listings.id, id));
      },
    });
    const before = await listingRow(id);
    const refused = await updateListing(
      { db, storage, clock: systemClock },
      { listingId: id, actorId: owner.userId, fields, keep: keys, files: [await smallJpeg()] },
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, message: LISTING_RESERVED_NOT_EDITABLE });
    // Not about a field: the page shows it above the form.
    expect((refused as AppError).details).toEqual({});
    expect(reserved).toBe(true);
    const after = await listingRow(id);
    expect(after.status).toBe("reserved");
    expect({ title: after.title, images: after.images }).toEqual({ title: before.title, images: before.images });
    // Stored during the attempt, deleted after the rollback: no orphan files.
    expect(filesUnder(dir)).toEqual([]);
  });

  test("removed pictures are deleted only after the change is committed", async () => {
    const { owner, id, keys } = await ownerWithListing(2);
    const seen: { keys: string[]; rowImages: string[] }[] = [];
    const { storage } = hookedStorage({
      // Read on the database itself, not inside the edit's transaction: only committed rows are visible here.
      beforeDelete: async (deleted) => {
        const [row] = await db
          .execute<{ images: { key: string }[] }>(sql`select images from listings where id = ${id}`)
          .then((r) =>
            "rows" in r
              ? (r.rows as { images: { key: string }[] }[])
              : (r as unknown as { images: { key: string }[] }[]),
          );
        seen.push({ keys: deleted, rowImages: row.images.map((image) => image.key) });
      },
    });
    const result = await updateListing(
      { db, storage, clock: systemClock },
      { listingId: id, actorId: owner.userId, fields, keep: [keys[0]], files: [] },
    );
    expect(result).toBe(id);
    expect(seen).toHaveLength(1);
    expect(seen[0].keys.every((key) => key.startsWith(`${keys[1]}-`))).toBe(true);
    // When the files were deleted, the committed row already pointed at the kept picture only.
    expect(seen[0].rowImages).toEqual([keys[0]]);
  });

  test("a removed picture whose file cannot be deleted does not undo the member's change", async () => {
    const { owner, id, keys } = await ownerWithListing(2);
    const { storage } = hookedStorage({
      beforeDelete: async () => {
        throw new Error("storage is down");
      },
    });
    const result = await updateListing(
      { db, storage, clock: systemClock },
      { listingId: id, actorId: owner.userId, fields, keep: [keys[1]], files: [] },
    );
    expect(result).toBe(id);
    expect((await listingRow(id)).images.map((image) => image.key)).toEqual([keys[1]]);
  });
});

describe("edits per member", () => {
  test(`${MEMBER_LIMITS.update_listing.windows[0].limit} changes an hour go through; the next is refused with when to come back`, async () => {
    const { owner, id, keys } = await ownerWithListing();
    const limit = MEMBER_LIMITS.update_listing.windows[0].limit;
    for (let n = 0; n < limit; n++) {
      const res = await editViaApi(owner.cookie, id, { keep: keys, title: `Weber kettle, take ${n}` });
      expect(res.status).toBe(200);
    }
    const res = await editViaApi(owner.cookie, id, { keep: keys, title: "One change too many" });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toMatch(
      /^You've reached the limit for listing changes\. You can change a listing again from /,
    );
    expect((await listingRow(id)).title).toBe(`Weber kettle, take ${limit - 1}`);
  });

  test("an edit that fails validation does not count", async () => {
    const { owner, id, keys } = await ownerWithListing();
    const limit = MEMBER_LIMITS.update_listing.windows[0].limit;
    for (let n = 0; n <= limit; n++)
      expect((await editViaApi(owner.cookie, id, { keep: keys, title: "x" })).status).toBe(400);
    expect((await editViaApi(owner.cookie, id, { keep: keys, title: "Valid at last" })).status).toBe(200);
  });
});
