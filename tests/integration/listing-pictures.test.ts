import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { LOCATION_REQUIRED } from "#core/listings/listing-schema.ts";
import { PICTURE_ORDER_INVALID, PICTURES_CHANGED } from "#core/listings/update-listing.ts";
import { listings } from "#db/schema/listings.ts";
import { createListingViaApi, GOOD_LISTING, postListing, sameOrigin, signUpMember } from "../support/api-factories";
import { makeJpeg, type Upload } from "../support/images";
import { appWithUploads, filesUnder } from "../support/app-with-uploads";

// The server's rules for a listing's pictures and location (decision 065): a refused file is named, the order of
// an edited listing's pictures (its cover first) is a permutation of what it keeps and adds, saved at once,
// and an empty location is "Location is required". Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const { db, testApp, app, uploadsDir } = await appWithUploads();

const INVALID = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
/** The first bytes of a phone's HEIC photo: an ISO box "ftyp" with the brand heic. */
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]);
/** Widths tell pictures apart after re-encoding: one narrower than 320 keeps its own width (decision 010). */
const pictureOfWidth = (width: number) => makeJpeg({ width, height: 48 });

/** The listings table and the stored files: what a refusal must leave exactly as it was. */
async function snapshot() {
  const rows = await db.select().from(listings).orderBy(listings.id);
  return { listings: rows.map((row) => JSON.stringify(row)), files: filesUnder(uploadsDir) };
}

const imagesOf = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0].images;

/** A member with a listing of pictures 64, 65, 66 ... px wide; returns the member, the id and the keys in order. */
async function ownerWithListing(pictures: number) {
  const owner = await signUpMember(testApp, { name: "Olivia Bennett" });
  const images: Upload[] = [];
  for (let i = 0; i < pictures; i++) images.push({ body: await pictureOfWidth(64 + i) });
  const id = await postListing(testApp, owner.cookie, { images });
  return { owner, id, keys: (await imagesOf(id)).map((image) => image.key) };
}

/** PUTs the edit form as the page's JavaScript does: `keep` boxes, new `images` and the `order` of them all. */
function edit(
  cookie: string,
  id: string,
  { keep, images = [], order }: { keep: string[]; images?: Upload[]; order?: string[] },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(GOOD_LISTING)) form.append(name, value);
  for (const key of keep) form.append("keepImages", key);
  for (const [i, upload] of images.entries()) {
    const bytes = typeof upload.body === "string" ? upload.body : new Uint8Array(upload.body);
    form.append("images", new File([bytes], upload.name ?? `new-${i + 1}.jpg`, { type: upload.type ?? "image/jpeg" }));
  }
  for (const entry of order ?? []) form.append("pictureOrder", entry);
  return app.request(`/api/v1/listings/${id}`, { method: "PUT", body: form, headers: sameOrigin(cookie) });
}

describe("a refused picture is named", () => {
  test("a text file named .jpg and a HEIC photo are both refused by name, each on its own line; nothing is stored", async () => {
    const member = await signUpMember(testApp);
    const before = await snapshot();
    const res = await createListingViaApi(testApp, member.cookie, {
      images: [
        { body: await pictureOfWidth(80), name: "good.jpg" },
        { body: "just some text, not a photo", name: "fake.jpg", type: "image/jpeg" },
        { body: HEIC, name: "kayak.heic", type: "image/heic" },
      ],
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields.images).toBe(`fake.jpg: ${INVALID}\nkayak.heic: ${INVALID}`);
    expect(await snapshot()).toEqual(before);
  });

  test("a file's path or control characters never come back in the message, only its name", async () => {
    const member = await signUpMember(testApp);
    const res = await createListingViaApi(testApp, member.cookie, {
      images: [{ body: "text", name: "C:\\Users\\kylie\\Desktop\\notes\u0007.jpg", type: "image/jpeg" }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.images).toBe(`notes.jpg: ${INVALID}`);
  });

  test("editing: a new HEIC photo is refused by name and the listing does not change", async () => {
    const { owner, id, keys } = await ownerWithListing(1);
    const before = await snapshot();
    const res = await edit(owner.cookie, id, {
      keep: keys,
      images: [{ body: HEIC, name: "IMG_0042.HEIC", type: "image/heic" }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.images).toBe(`IMG_0042.HEIC: ${INVALID}`);
    expect(await snapshot()).toEqual(before);
  });
});

describe("an empty location", () => {
  for (const [what, location] of [
    ["left empty", ""],
    ["only spaces", "   "],
  ] as const) {
    test(`a new listing whose location is ${what} is refused with '${LOCATION_REQUIRED}'`, async () => {
      const member = await signUpMember(testApp);
      const before = await snapshot();
      const res = await createListingViaApi(testApp, member.cookie, { location });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.fields.location).toBe(LOCATION_REQUIRED);
      expect(await snapshot()).toEqual(before);
    });
  }

  test("an edit that empties the location is refused the same way", async () => {
    const { owner, id, keys } = await ownerWithListing(1);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...GOOD_LISTING, location: "" })) form.append(name, value);
    for (const key of keys) form.append("keepImages", key);
    const res = await app.request(`/api/v1/listings/${id}`, {
      method: "PUT",
      body: form,
      headers: sameOrigin(owner.cookie),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.location).toBe(LOCATION_REQUIRED);
  });
});

describe("the order of an edited listing's pictures", () => {
  test("the owner makes the third picture the cover and puts a new one second, in one save", async () => {
    const { owner, id, keys } = await ownerWithListing(3);
    const res = await edit(owner.cookie, id, {
      keep: keys,
      images: [{ body: await pictureOfWidth(100) }],
      order: [keys[2], "new:0", keys[0], keys[1]],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const images = await imagesOf(id);
    expect(images.map((image) => image.key)).toEqual([keys[2], images[1].key, keys[0], keys[1]]);
    expect(images[1].widths).toEqual([100]);
    // The public page shows the new cover first.
    const shown = await (await app.request(`/api/v1/listings/${id}`)).json();
    expect(shown.listing.images[0].key).toBe(keys[2]);
  });

  test("an order may drop an unticked picture along with its box", async () => {
    const { owner, id, keys } = await ownerWithListing(3);
    const res = await edit(owner.cookie, id, { keep: [keys[1], keys[2]], order: [keys[2], keys[1]] });
    expect(res.status).toBe(200);
    expect((await imagesOf(id)).map((image) => image.key)).toEqual([keys[2], keys[1]]);
  });

  test("without an order (no JavaScript, or an older client) the kept pictures stay first and new ones follow", async () => {
    const { owner, id, keys } = await ownerWithListing(2);
    const res = await edit(owner.cookie, id, {
      keep: [keys[1], keys[0]],
      images: [{ body: await pictureOfWidth(90) }],
    });
    expect(res.status).toBe(200);
    const images = await imagesOf(id);
    expect(images.slice(0, 2).map((image) => image.key)).toEqual([keys[1], keys[0]]);
    expect(images[2].widths).toEqual([90]);
  });

  const notPermutations: [string, (keys: string[]) => { keep: string[]; new: number; order: string[] }][] = [
    ["leaves out a kept picture", (k) => ({ keep: k, new: 0, order: [k[1]] })],
    ["names a picture twice", (k) => ({ keep: k, new: 0, order: [k[0], k[0]] })],
    ["names a picture that is not kept", (k) => ({ keep: [k[0]], new: 0, order: [k[1]] })],
    ["leaves out a new picture", (k) => ({ keep: k, new: 1, order: [k[1], k[0]] })],
    ["names a new picture that was not sent", (k) => ({ keep: k, new: 1, order: [k[0], "new:1", k[1]] })],
    ["names something else", (k) => ({ keep: k, new: 0, order: [k[0], k[1], "../../etc/passwd"] })],
  ];
  for (const [what, make] of notPermutations) {
    test(`an order that ${what} is refused and nothing changes, no new file is left behind`, async () => {
      const { owner, id, keys } = await ownerWithListing(2);
      const { keep, new: added, order } = make(keys);
      const images: Upload[] = [];
      for (let i = 0; i < added; i++) images.push({ body: await pictureOfWidth(70) });
      const before = await snapshot();
      const res = await edit(owner.cookie, id, { keep, images, order });
      expect(res.status).toBe(400);
      expect((await res.json()).fields.images).toBe(PICTURE_ORDER_INVALID);
      expect(await snapshot()).toEqual(before);
    });
  }

  test("an order naming another member's picture is refused as a stale form; neither listing changes", async () => {
    const mine = await ownerWithListing(1);
    const theirs = await ownerWithListing(1);
    const before = await snapshot();
    const res = await edit(mine.owner.cookie, mine.id, {
      keep: [...mine.keys, ...theirs.keys],
      order: [theirs.keys[0], mine.keys[0]],
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(PICTURES_CHANGED);
    expect(await snapshot()).toEqual(before);
  });

  test("someone else cannot reorder a listing's pictures: it is not found, and nothing changes", async () => {
    const { id, keys } = await ownerWithListing(2);
    const stranger = await signUpMember(testApp, { name: "Lucas Murphy" });
    const before = await snapshot();
    const res = await edit(stranger.cookie, id, { keep: keys, order: [keys[1], keys[0]] });
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
