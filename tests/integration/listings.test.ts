import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { LISTING_IN_SWAP } from "#core/listings/delete-listing.ts";
import { searchListings } from "#core/listings/search-listings.ts";
import { parseSearchParams } from "#core/listings/search-params.ts";
import { findLocality } from "#core/locations/localities.ts";
import { seedDemoData } from "#core/seed/seed-demo-data.ts";
import { systemClock } from "#core/shared/clock.ts";
import { users } from "#db/schema/auth.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { createListingViaApi, postListing, sameOrigin, signUpMember } from "../support/api-factories";
import { appWithUploads, filesUnder } from "../support/app-with-uploads";
import { createSwap } from "../support/factories";
import { makeJpeg, makeNoisePng, type Upload } from "../support/images";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const { db, testApp, app, uploadsDir } = await appWithUploads();

const INVALID_FILE_TYPE = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
const FILE_TOO_LARGE = "File size exceeds 5MB limit.";

/** A small picture (one 64 px variant) where the test is not about images. */
const smallJpeg = () => makeJpeg({ width: 64, height: 48 });

/** Everything a listing request could change: listings, proposals, favourites and the stored files. */
async function snapshot() {
  const rows = await db.select().from(listings).orderBy(listings.id);
  const proposals = await db.select().from(swapProposals).orderBy(swapProposals.id);
  const saved = await db.select().from(favourites).orderBy(favourites.userId, favourites.listingId);
  return {
    listings: rows.map((l) => JSON.stringify(l)),
    proposals: proposals.map((p) => JSON.stringify(p)),
    favourites: saved.map((f) => `${f.userId}:${f.listingId}`),
    files: filesUnder(uploadsDir),
  };
}

const listingRow = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0];

type Card = {
  id: string;
  ownerName: string;
  ownerRating: number | null;
  ownerReviewCount: number;
  isFavourite: boolean;
};
const homeFeed = async (cookie?: string, query = "") =>
  (await (await app.request(`/api/v1/listings${query}`, { headers: cookie ? { cookie } : {} })).json())
    .listings as Card[];

const send = (method: "PUT" | "DELETE", pathname: string, cookie?: string) =>
  app.request(pathname, { method, headers: sameOrigin(cookie) });

/** Starts with RIFF, then 4 bytes of size, then WEBP. */
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP";

/** Whether EXIF data (as sharp's metadata().exif returns it) holds a pointer to a GPS directory (tag 0x8825). */
function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const little = tiff.subarray(0, 2).toString("latin1") === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** Inserts a swap between two listings directly, as the swap use cases would leave it. */
async function insertSwap(values: {
  target: string;
  offered: string;
  proposerId: string;
  receiverId: string;
  status: "pending" | "accepted" | "completed";
}) {
  const { swapId } = await createSwap(db, {
    status: values.status,
    targetListingId: values.target,
    offeredListingId: values.offered,
    proposerId: values.proposerId,
    receiverId: values.receiverId,
  });
  return { id: swapId };
}

describe("creating a listing", () => {
  test("a member creates a listing with one JPEG: it is active in Bondi and its picture is stored and served as WebP", async () => {
    const member = await signUpMember(testApp, { name: "Kylie Nguyen" });
    const res = await createListingViaApi(testApp, member.cookie, { images: [{ body: await makeJpeg() }] });
    expect(res.status).toBe(201);
    const { id } = await res.json();

    const row = await listingRow(id);
    const bondi = findLocality({ suburb: "Bondi", state: "NSW", postcode: "2026" });
    expect(bondi).not.toBeNull();
    expect(row).toMatchObject({
      userId: member.userId,
      title: "Weber kettle barbecue",
      category: "home_garden",
      condition: "good",
      valueMin: 150,
      valueMax: 250,
      status: "active",
      moderationStatus: "approved",
      deletedAt: null,
      location: "Bondi NSW 2026",
      suburb: "Bondi",
      state: "NSW",
      postcode: "2026",
      latitude: bondi?.latitude,
      longitude: bondi?.longitude,
    });
    expect(row.latitude).toBeCloseTo(-33.89, 1);
    expect(row.longitude).toBeCloseTo(151.27, 1);
    expect(row.images).toHaveLength(1);
    const [image] = row.images;
    expect(image.widths.length).toBeGreaterThan(0);
    expect(image.key.startsWith(`listings/${member.userId}/`)).toBe(true);

    // One WebP file per width, in the member's folder, and nothing else there.
    const folder = path.join(uploadsDir, "listings", member.userId);
    const expected = image.widths.map((w) => `${path.basename(image.key)}-${w}.webp`).sort();
    expect(fs.readdirSync(folder).sort()).toEqual(expected);
    for (const name of expected) expect(isWebp(fs.readFileSync(path.join(folder, name)))).toBe(true);

    const width = image.widths[0];
    const served = await app.request(`/uploads/${image.key}-${width}.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals(fs.readFileSync(path.join(folder, `${path.basename(image.key)}-${width}.webp`)))).toBe(true);
  });

  test("a stored picture keeps no EXIF or GPS position, though the upload had both", async () => {
    const member = await signUpMember(testApp);
    const upload = await makeJpeg({ exif: true });
    const uploaded = await sharp(upload).metadata();
    expect(uploaded.exif).toBeDefined();
    expect(exifHasGps(uploaded.exif as Buffer)).toBe(true);

    const id = await postListing(testApp, member.cookie, { images: [{ body: upload }] });
    const [image] = (await listingRow(id)).images;
    for (const width of image.widths) {
      const stored = fs.readFileSync(path.join(uploadsDir, `${image.key}-${width}.webp`));
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from("SwapShedCam"))).toBe(false);
    }
  });

  test("a member can add up to 8 pictures; the first is the cover", async () => {
    const member = await signUpMember(testApp);
    const images: Upload[] = [];
    for (let i = 0; i < 8; i++) images.push({ body: await makeJpeg({ width: 64 + i, height: 48 }) });
    const id = await postListing(testApp, member.cookie, { images });
    const row = await listingRow(id);
    expect(row.images.map((image) => image.widths)).toEqual([[64], [65], [66], [67], [68], [69], [70], [71]]);
  });

  describe("each invalid field is refused with its message and nothing is created", () => {
    let member: Awaited<ReturnType<typeof signUpMember>>;
    beforeAll(async () => {
      member = await signUpMember(testApp);
    });

    const cases: [
      string,
      Parameters<typeof createListingViaApi>[2] | (() => Promise<Parameters<typeof createListingViaApi>[2]>),
      string,
      string,
    ][] = [
      ["a 2-character title", { title: "ab" }, "title", "Title must be at least 3 characters"],
      ["a 101-character title", { title: "T".repeat(101) }, "title", "Title must be at most 100 characters"],
      [
        "a 9-character description",
        { description: "Too short" },
        "description",
        "Description must be at least 10 characters",
      ],
      [
        "a 1001-character description",
        { description: "d".repeat(1001) },
        "description",
        "Description must be at most 1000 characters",
      ],
      ["a missing category", { category: undefined }, "category", "Please select a category"],
      ["the Services category (coming soon)", { category: "services" }, "category", "Please select a category"],
      ["a missing condition", { condition: undefined }, "condition", "Please select a condition"],
      ["a minimum value of 0", { valueMin: "0" }, "valueMin", "Min value must be at least 1"],
      ["a minimum value that is not a number", { valueMin: "abc" }, "valueMin", "Min value must be a whole number"],
      [
        "a maximum below the minimum",
        { valueMin: "500", valueMax: "400" },
        "valueMax",
        "Maximum value must be greater than minimum value",
      ],
      ["a maximum over 1,000,000", { valueMax: "1000001" }, "valueMax", "Max value must be at most 1,000,000"],
      ["a location that is not a suburb", { location: "zz" }, "location", "Please choose a suburb from the list"],
      ["no image", { images: [] }, "images", "Please select an image"],
      [
        "9 images",
        async () => ({
          images: await Promise.all(Array.from({ length: 9 }, async () => ({ body: await smallJpeg() }))),
        }),
        "images",
        "You can add up to 8 images",
      ],
    ];
    for (const [what, override, field, message] of cases) {
      test(`${what} is refused with '${message}'`, async () => {
        const before = await snapshot();
        const title = `Refused listing ${what}`.slice(0, 100);
        const overrides = typeof override === "function" ? await override() : override;
        const res = await createListingViaApi(testApp, member.cookie, { title, ...overrides });
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.error).toBe(message);
        expect(body.fields?.[field]).toBe(message);
        expect(await db.select().from(listings).where(eq(listings.userId, member.userId))).toHaveLength(0);
        expect(fs.existsSync(path.join(uploadsDir, "listings", member.userId))).toBe(false);
        expect(await snapshot()).toEqual(before);
      });
    }
  });

  describe("files that are not pictures, or too big, are refused and nothing is stored", () => {
    let member: Awaited<ReturnType<typeof signUpMember>>;
    beforeAll(async () => {
      member = await signUpMember(testApp);
    });

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;
    // Each refusal names its file ("photo-N.jpg" is the name the factory gives a file sent without one).
    const named = (name: string, message: string) => `${name}: ${message}`;
    const cases: [string, () => Promise<Upload[]>, string][] = [
      [
        "a text file renamed photo.jpg",
        async () => [{ body: "just some text, not a photo", name: "photo.jpg", type: "image/jpeg" }],
        named("photo.jpg", INVALID_FILE_TYPE),
      ],
      [
        "an SVG",
        async () => [{ body: svg, name: "logo.svg", type: "image/svg+xml" }],
        named("logo.svg", INVALID_FILE_TYPE),
      ],
      [
        "an SVG named photo.png",
        async () => [{ body: svg, name: "photo.png", type: "image/png" }],
        named("photo.png", INVALID_FILE_TYPE),
      ],
      [
        "an HTML page",
        async () => [
          {
            body: "<!doctype html><html><body><script>alert(1)</script></body></html>",
            name: "photo.jpg",
            type: "text/html",
          },
        ],
        named("photo.jpg", INVALID_FILE_TYPE),
      ],
      [
        "a JPEG header followed by garbage",
        async () => [
          { body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("not really a jpeg at all")]) },
        ],
        named("photo-1.jpg", INVALID_FILE_TYPE),
      ],
      [
        "a 6 MB file that starts like a JPEG",
        async () => [
          { body: Buffer.concat([(await smallJpeg()).subarray(0, 20), crypto.randomBytes(6 * 1024 * 1024)]) },
        ],
        named("photo-1.jpg", FILE_TOO_LARGE),
      ],
      [
        "a real PNG over 5 MB",
        async () => [{ body: await makeNoisePng(), name: "noise.png", type: "image/png" }],
        named("noise.png", FILE_TOO_LARGE),
      ],
      [
        "a good picture together with a bad one",
        async () => [{ body: await makeJpeg() }, { body: "plain text", name: "second.jpg", type: "image/jpeg" }],
        named("second.jpg", INVALID_FILE_TYPE),
      ],
      [
        "a bad file before a good picture",
        async () => [{ body: svg, name: "first.svg", type: "image/svg+xml" }, { body: await makeJpeg() }],
        named("first.svg", INVALID_FILE_TYPE),
      ],
    ];
    for (const [what, images, message] of cases) {
      test(`${what} is refused with '${message}'`, async () => {
        const uploads = await images();
        if (message.endsWith(FILE_TOO_LARGE))
          expect(Math.max(...uploads.map((u) => Buffer.byteLength(u.body)))).toBeGreaterThan(5 * 1024 * 1024);
        const before = await snapshot();
        const res = await createListingViaApi(testApp, member.cookie, { images: uploads });
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.error).toBe(message);
        expect(body.fields?.images).toBe(message);
        expect(await db.select().from(listings).where(eq(listings.userId, member.userId))).toHaveLength(0);
        expect(fs.existsSync(path.join(uploadsDir, "listings", member.userId))).toBe(false);
        expect(await snapshot()).toEqual(before);
      });
    }
  });

  test("a visitor cannot create a listing: 401 and nothing is stored", async () => {
    const before = await snapshot();
    const res = await createListingViaApi(testApp, undefined, { title: "Visitor listing" });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("Authentication required");
    expect(await db.select().from(listings).where(eq(listings.title, "Visitor listing"))).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe("deleting a listing", () => {
  test("another member cannot delete your listing: it answers 404 and the listing stays active", async () => {
    const owner = await signUpMember(testApp);
    const other = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
    const offered = await postListing(testApp, other.cookie, { images: [{ body: await smallJpeg() }] });
    await insertSwap({ target: id, offered, proposerId: other.userId, receiverId: owner.userId, status: "pending" });

    const before = await snapshot();
    const res = await send("DELETE", `/api/v1/listings/${id}`, other.cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("Listing not found");
    expect((await listingRow(id)).status).toBe("active");
    expect(await snapshot()).toEqual(before);
    expect((await app.request(`/api/v1/listings/${id}`)).status).toBe(200);
  });

  test("a visitor cannot delete a listing: 401 and nothing changes", async () => {
    const owner = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
    const before = await snapshot();
    const res = await send("DELETE", `/api/v1/listings/${id}`);
    expect(res.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  test("an id that is not a listing's is answered 404, not a server error, and nothing changes", async () => {
    const member = await signUpMember(testApp);
    const before = await snapshot();
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await send("DELETE", `/api/v1/listings/${id}`, member.cookie);
      expect(res.status, id).toBe(404);
      expect((await app.request(`/api/v1/listings/${id}`)).status, id).toBe(404);
      expect((await send("PUT", `/api/v1/listings/${id}/favourite`, member.cookie)).status, id).toBe(404);
      const unsave = await send("DELETE", `/api/v1/listings/${id}/favourite`, member.cookie);
      expect(unsave.status, id).toBe(200);
      expect((await unsave.json()).favourite).toBe(false);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("the owner deletes a listing: it becomes a tombstone, leaves every public view, and pending proposals on it are rejected", async () => {
    const owner = await signUpMember(testApp);
    const other = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, {
      title: "Esky to be deleted",
      images: [{ body: await smallJpeg() }],
    });
    const offered = await postListing(testApp, other.cookie, { images: [{ body: await smallJpeg() }] });
    const proposal = await insertSwap({
      target: id,
      offered,
      proposerId: other.userId,
      receiverId: owner.userId,
      status: "pending",
    });
    const mine = await (await app.request("/api/v1/me/listings", { headers: { cookie: owner.cookie } })).json();
    expect(mine.listings.map((l: { id: string }) => l.id)).toContain(id);

    const res = await send("DELETE", `/api/v1/listings/${id}`, owner.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const row = await listingRow(id);
    expect(row.status).toBe("deleted");
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await homeFeed(undefined, "?limit=50")).map((l) => l.id)).not.toContain(id);
    expect((await app.request(`/api/v1/listings/${id}`)).status).toBe(404);
    expect((await app.request(`/api/v1/listings/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    const after = await (await app.request("/api/v1/me/listings", { headers: { cookie: owner.cookie } })).json();
    expect(after.listings.map((l: { id: string }) => l.id)).not.toContain(id);
    expect(
      (await searchListings(db, { params: parseSearchParams({ q: "Esky to be deleted" }) })).listings,
    ).toHaveLength(0);

    const [rejected] = await db.select().from(swapProposals).where(eq(swapProposals.id, proposal.id));
    expect(rejected.status).toBe("rejected");
    expect(rejected.rejectionReason).toBe("Listing no longer available");
    expect(rejected.respondedAt).toBeInstanceOf(Date);
    // The other member's listing is untouched.
    expect((await listingRow(offered)).status).toBe("active");

    // Deleting it again finds nothing to delete.
    const again = await send("DELETE", `/api/v1/listings/${id}`, owner.cookie);
    expect(again.status).toBe(404);
  });

  const inSwap: [string, "accepted" | "completed", "active" | "reserved" | "swapped"][] = [
    ["an accepted swap", "accepted", "reserved"],
    ["an accepted proposal, even while the listing still says active", "accepted", "active"],
    ["a completed swap", "completed", "swapped"],
  ];
  for (const [what, status, listingStatus] of inSwap) {
    test(`a listing in ${what} cannot be deleted: 409 with the reason, and nothing changes`, async () => {
      const owner = await signUpMember(testApp);
      const other = await signUpMember(testApp);
      const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
      const offered = await postListing(testApp, other.cookie, { images: [{ body: await smallJpeg() }] });
      await insertSwap({ target: id, offered, proposerId: other.userId, receiverId: owner.userId, status });
      await db.update(listings).set({ status: listingStatus }).where(sql`${listings.id} in (${id}, ${offered})`);

      // The owner may delete either side of a swap: try the offered one too, from its owner.
      for (const [listingId, cookie] of [
        [id, owner.cookie],
        [offered, other.cookie],
      ]) {
        const before = await snapshot();
        const res = await send("DELETE", `/api/v1/listings/${listingId}`, cookie);
        expect(res.status).toBe(409);
        expect((await res.json()).error).toBe(LISTING_IN_SWAP);
        expect((await listingRow(listingId)).status).toBe(listingStatus);
        expect(await snapshot()).toEqual(before);
      }
    });
  }
});

describe("what the public sees", () => {
  let word = 0;
  /** A word that appears in one test's listings only, so search can be asked about them alone. */
  const uniqueWord = () => `Wombat${Date.now()}x${++word}`;

  const hidingCases: [string, (listingId: string, ownerId: string) => Promise<unknown>][] = [
    [
      "a listing cancelled by moderation",
      (listingId) =>
        db
          .update(listings)
          .set({
            status: "cancelled",
            moderationStatus: "takedown",
            takedownReason: "Prohibited item",
            takedownAt: new Date(),
          })
          .where(eq(listings.id, listingId)),
    ],
    [
      "a suspended member's listing",
      (_, ownerId) =>
        db
          .update(profiles)
          .set({ status: "suspended", suspendedAt: new Date(), suspensionReason: "fraud" })
          .where(eq(profiles.userId, ownerId)),
    ],
    [
      "a soft-deleted member's listing",
      (_, ownerId) =>
        db
          .update(profiles)
          .set({
            deletedAt: new Date(),
            permanentDeletionAt: new Date(Date.now() + 30 * 86_400_000),
            deletionReason: "member request",
          })
          .where(eq(profiles.userId, ownerId)),
    ],
  ];
  for (const [what, hide] of hidingCases) {
    test(`${what} is not public: not on home, 404 on its page, not in search, and cannot be favourited`, async () => {
      const word = uniqueWord();
      const visibleOwner = await signUpMember(testApp);
      const owner = await signUpMember(testApp);
      const viewer = await signUpMember(testApp);
      const visible = await postListing(testApp, visibleOwner.cookie, {
        title: `${word} visible`,
        images: [{ body: await smallJpeg() }],
      });
      const hidden = await postListing(testApp, owner.cookie, {
        title: `${word} hidden`,
        images: [{ body: await smallJpeg() }],
      });
      expect(
        (await searchListings(db, { params: parseSearchParams({ q: word }) })).listings.map((l) => l.id).sort(),
      ).toEqual([visible, hidden].sort());

      await hide(hidden, owner.userId);

      for (const cookie of [undefined, viewer.cookie]) {
        const feed = (await homeFeed(cookie, "?limit=50")).map((l) => l.id);
        expect(feed).toContain(visible);
        expect(feed).not.toContain(hidden);
        expect((await app.request(`/api/v1/listings/${hidden}`, { headers: cookie ? { cookie } : {} })).status).toBe(
          404,
        );
        expect((await app.request(`/api/v1/listings/${visible}`, { headers: cookie ? { cookie } : {} })).status).toBe(
          200,
        );
      }
      expect((await searchListings(db, { params: parseSearchParams({ q: word }) })).listings.map((l) => l.id)).toEqual([
        visible,
      ]);
      expect(
        (await searchListings(db, { params: parseSearchParams({ q: word, category: "home_garden" }) })).listings.map(
          (l) => l.id,
        ),
      ).toEqual([visible]);

      const before = await snapshot();
      expect((await send("PUT", `/api/v1/listings/${hidden}/favourite`, viewer.cookie)).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  }

  test("a listing saved before its owner was suspended drops out of the member's favourites", async () => {
    const owner = await signUpMember(testApp);
    const viewer = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
    expect((await send("PUT", `/api/v1/listings/${id}/favourite`, viewer.cookie)).status).toBe(200);
    await db
      .update(profiles)
      .set({ status: "suspended", suspendedAt: new Date() })
      .where(eq(profiles.userId, owner.userId));
    const saved = await (await app.request("/api/v1/me/favourites", { headers: { cookie: viewer.cookie } })).json();
    expect(saved.listings.map((l: { id: string }) => l.id)).not.toContain(id);
  });
});

describe("favourites", () => {
  test("a member saves a listing, sees it in their favourites and marked on home, and un-saves it", async () => {
    const owner = await signUpMember(testApp);
    const fan = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
    const rows = () =>
      db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, fan.userId), eq(favourites.listingId, id)));

    const put = await send("PUT", `/api/v1/listings/${id}/favourite`, fan.cookie);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ favourite: true });
    expect(await rows()).toHaveLength(1);

    const saved = await (await app.request("/api/v1/me/favourites", { headers: { cookie: fan.cookie } })).json();
    expect(saved.listings.map((l: { id: string }) => l.id)).toEqual([id]);
    expect(saved.listings[0].isFavourite).toBe(true);

    const forFan = (await homeFeed(fan.cookie)).find((l) => l.id === id);
    expect(forFan?.isFavourite).toBe(true);
    const forVisitor = (await homeFeed()).find((l) => l.id === id);
    expect(forVisitor?.isFavourite).toBe(false);
    const forOwner = (await homeFeed(owner.cookie)).find((l) => l.id === id);
    expect(forOwner?.isFavourite).toBe(false);
    const page = await (await app.request(`/api/v1/listings/${id}`, { headers: { cookie: fan.cookie } })).json();
    expect(page.listing.isFavourite).toBe(true);

    // Saving twice is still one favourite.
    const again = await send("PUT", `/api/v1/listings/${id}/favourite`, fan.cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ favourite: true });
    expect(await rows()).toHaveLength(1);

    const removed = await send("DELETE", `/api/v1/listings/${id}/favourite`, fan.cookie);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ favourite: false });
    expect(await rows()).toHaveLength(0);
    const empty = await (await app.request("/api/v1/me/favourites", { headers: { cookie: fan.cookie } })).json();
    expect(empty.listings).toEqual([]);
    expect((await homeFeed(fan.cookie)).find((l) => l.id === id)?.isFavourite).toBe(false);
  });

  test("a deleted listing cannot be favourited: 404 and no favourite is saved", async () => {
    const owner = await signUpMember(testApp);
    const fan = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
    expect((await send("DELETE", `/api/v1/listings/${id}`, owner.cookie)).status).toBe(200);
    const before = await snapshot();
    const res = await send("PUT", `/api/v1/listings/${id}/favourite`, fan.cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("Listing not found");
    expect(await snapshot()).toEqual(before);
  });

  test("a visitor cannot favourite or read favourites: 401 and nothing is saved", async () => {
    const owner = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie, { images: [{ body: await smallJpeg() }] });
    const before = await snapshot();
    expect((await send("PUT", `/api/v1/listings/${id}/favourite`)).status).toBe(401);
    expect((await send("DELETE", `/api/v1/listings/${id}/favourite`)).status).toBe(401);
    expect((await app.request("/api/v1/me/favourites")).status).toBe(401);
    expect((await app.request("/api/v1/me/listings")).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the home feed", () => {
  test("it shows at most 12 listings, newest first, each with its owner's name", async () => {
    // Two owners of one name: one member may list 10 items an hour.
    const owners = [
      await signUpMember(testApp, { name: "Matilda Jones" }),
      await signUpMember(testApp, { name: "Matilda Jones" }),
    ];
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      ids.push(
        await postListing(testApp, owners[i % 2].cookie, {
          title: `Feed item ${i}`,
          images: [{ body: await smallJpeg() }],
        }),
      );
    }
    const feed = await homeFeed();
    expect(feed).toHaveLength(12);
    expect(feed.map((l) => l.id)).toEqual(ids.slice(1).reverse());
    for (const card of feed) expect(card.ownerName).toBe("Matilda J.");
  });

  test("an owner without reviews has no rating; with reviews the card shows their average and count", async () => {
    const owner = await signUpMember(testApp, { name: "Bruce Taylor" });
    const first = await signUpMember(testApp);
    const second = await signUpMember(testApp);
    const image = { images: [{ body: await smallJpeg() }] };
    const traded1 = await postListing(testApp, owner.cookie, image);
    const traded2 = await postListing(testApp, owner.cookie, image);
    const theirs1 = await postListing(testApp, first.cookie, image);
    const theirs2 = await postListing(testApp, second.cookie, image);
    const shown = await postListing(testApp, owner.cookie, { title: "Bruce's ride-on mower", ...image });

    const card = async () => (await homeFeed()).find((l) => l.id === shown);
    expect(await card()).toMatchObject({ ownerName: "Bruce T.", ownerRating: null, ownerReviewCount: 0 });

    // Two completed swaps, each reviewed by the other party (5 and 4 stars), and one review Bruce left.
    const swap1 = await insertSwap({
      target: traded1,
      offered: theirs1,
      proposerId: first.userId,
      receiverId: owner.userId,
      status: "completed",
    });
    const swap2 = await insertSwap({
      target: traded2,
      offered: theirs2,
      proposerId: second.userId,
      receiverId: owner.userId,
      status: "completed",
    });
    await db
      .update(listings)
      .set({ status: "swapped" })
      .where(sql`${listings.id} in (${traded1}, ${traded2}, ${theirs1}, ${theirs2})`);
    // Shown reviews (double-blind reviews count once revealed, decision 094).
    const revealedAt = new Date();
    await db.insert(reviews).values([
      {
        swapProposalId: swap1.id,
        reviewerId: first.userId,
        revieweeId: owner.userId,
        rating: 5,
        comment: "Smooth swap",
        revealedAt,
      },
      { swapProposalId: swap2.id, reviewerId: second.userId, revieweeId: owner.userId, rating: 4, revealedAt },
      { swapProposalId: swap1.id, reviewerId: owner.userId, revieweeId: first.userId, rating: 1, revealedAt },
    ]);

    expect(await card()).toMatchObject({ ownerName: "Bruce T.", ownerRating: 4.5, ownerReviewCount: 2 });
    const page = await (await app.request(`/api/v1/listings/${shown}`)).json();
    expect(page.listing).toMatchObject({ ownerRating: 4.5, ownerReviewCount: 2 });
    // The swapped listings are no longer on home.
    const feed = (await homeFeed(undefined, "?limit=50")).map((l) => l.id);
    for (const id of [traded1, traded2, theirs1, theirs2]) expect(feed).not.toContain(id);
  });
});

describe("demo data", () => {
  /** A fresh database and app of its own, so the counts are the seed's alone. */
  async function seedWorld() {
    const seedHandle = await createTestDatabase();
    const seedApp = createTestApp(seedHandle, { authAddressLimit: 1000 });
    // The real pictures shipped in db/seed/images, so a missing or broken file fails here.
    const deps = { db: seedHandle.db, auth: seedApp.auth, storage: seedApp.storage, clock: systemClock };
    const counts = async () => ({
      users: Number((await seedHandle.db.select({ n: sql<number>`count(*)` }).from(users))[0].n),
      listings: Number((await seedHandle.db.select({ n: sql<number>`count(*)` }).from(listings))[0].n),
    });
    /** The stored files are exactly those the listings point at: no orphans, none missing. */
    const filesMatchListings = async () => {
      const rows = await seedHandle.db.select({ images: listings.images }).from(listings);
      const referenced = rows
        .flatMap((r) => r.images.flatMap((image) => image.widths.map((w) => `${image.key}-${w}.webp`)))
        .sort();
      const dir = seedApp.uploadsDir as string;
      const files = (fs.readdirSync(dir, { recursive: true }) as string[])
        .map((name) => name.split(path.sep).join("/"))
        .filter((name) => fs.statSync(path.join(dir, name)).isFile())
        .sort();
      expect(files).toEqual(referenced);
      return files.length;
    };
    const close = async () => {
      await seedHandle.close();
      fs.rmSync(seedApp.uploadsDir as string, { recursive: true, force: true });
    };
    return { deps, counts, filesMatchListings, close, app: seedApp.app };
  }

  test("seeding twice gives 8 members and 19 listings, and the second run creates nothing", {
    timeout: 120_000,
  }, async () => {
    const world = await seedWorld();
    try {
      const first = await seedDemoData(world.deps);
      expect(first).toEqual({ users: 8, listings: 19, createdUsers: 8, createdListings: 19 });
      expect(await world.counts()).toEqual({ users: 8, listings: 19 });
      const files = await world.filesMatchListings();
      expect(files).toBeGreaterThanOrEqual(19);

      const second = await seedDemoData(world.deps);
      expect(second).toEqual({ users: 8, listings: 19, createdUsers: 0, createdListings: 0 });
      expect(await world.counts()).toEqual({ users: 8, listings: 19 });
      expect(await world.filesMatchListings()).toBe(files);

      // Every seeded listing has a picture, an owner profile and a real place, and home shows the newest 12.
      const rows = await world.deps.db.select().from(listings);
      for (const row of rows) {
        expect(row.status).toBe("active");
        expect(row.images.length).toBeGreaterThan(0);
        expect(row.latitude).not.toBeNull();
      }
      expect(await world.deps.db.select().from(profiles)).toHaveLength(8);
      const feed = (await (await world.app.request("/api/v1/listings")).json()).listings as Card[];
      expect(feed).toHaveLength(12);
    } finally {
      await world.close();
    }
  });

  test("two seed runs at once still end with 8 members and 19 listings", { timeout: 120_000 }, async () => {
    const world = await seedWorld();
    try {
      const results = await Promise.all([seedDemoData(world.deps), seedDemoData(world.deps)]);
      for (const result of results) expect(result).toMatchObject({ users: 8, listings: 19 });
      expect(results[0].createdUsers + results[1].createdUsers).toBe(8);
      expect(results[0].createdListings + results[1].createdListings).toBe(19);
      expect(await world.counts()).toEqual({ users: 8, listings: 19 });
      await world.filesMatchListings();
    } finally {
      await world.close();
    }
  });
});
