// Hostile files under picture names, through every way a picture arrives: the API's listing upload, the create
// and edit listing forms, and the avatar on My Account. Files that are not images (or not only images) are refused
// with the spec's message, leaving no file in storage and no row written; images that are accepted are re-encoded,
// so nothing appended to them and none of their metadata (EXIF, GPS) is ever served, and they are served as WebP
// with nosniff.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { IMAGE_REQUIRED } from "#core/listings/listing-schema.ts";
import { NO_FILE_CHOSEN } from "#core/accounts/set-avatar.ts";
import { listings } from "#db/schema/listings.ts";
import { rateLimits } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { GOOD_LISTING, postListing, sameOrigin, signUpMember } from "../support/api-factories";
import { makeJpeg, makeNoisePng } from "../support/images";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";
import { changedTables, fingerprint } from "./support/fuzz";
import { worldEnv } from "./support/world";

const handle = await createTestDatabase();
afterAll(() => handle.close());
const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "test" });
const testApp = createTestApp(handle, { authAddressLimit: 10_000, pageHandler, env: worldEnv(handle) });
const db = handle.db;
const uploadsDir = testApp.uploadsDir as string;
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));
const member = await signUpMember(testApp, { name: "Kylie Nguyen" });
const ownListing = await postListing(testApp, member.cookie);
// The member's allowance of new listings counts every valid form before its pictures are checked (by design):
// cleared before each case, so every case reaches the picture checks.
beforeEach(async () => {
  await db.delete(rateLimits);
});

const INVALID_TYPE = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
const TOO_BIG = "File size exceeds 5MB limit.";
const DIMENSIONS = "Image dimensions are too large.";

// ---------------------------------------------------------------------------------------------------------------
// The files

const text = (s: string) => Buffer.from(s, "utf8");
const HTML_PAYLOAD = "<html><body><script>alert('swapshed-polyglot')</script></body></html>";
const JS_PAYLOAD = "alert('swapshed-gifar');";
const ZIP_MARKER = "swapshed-zip-payload.txt";

/** A little-endian record of `size` bytes: each field as its offset, its width in bytes and its value. */
function littleEndian(size: number, fields: [offset: number, width: 2 | 4, value: number][]) {
  const record = Buffer.alloc(size);
  for (const [offset, width, value] of fields) {
    if (width === 4) record.writeUInt32LE(value, offset);
    else record.writeUInt16LE(value, offset);
  }
  return record;
}

/** A minimal zip archive (one stored file), the kind appended to an image to make a GIFAR-style polyglot. */
function zipWith(name: string, content: string) {
  const body = text(content);
  const fileName = text(name);
  const crc = zlib.crc32(body);
  // The file's CRC, compressed and uncompressed size (the same: stored) and name length, in both headers.
  const sizes = (at: number): [number, 2 | 4, number][] => [
    [at, 4, crc],
    [at + 4, 4, body.length],
    [at + 8, 4, body.length],
    [at + 12, 2, fileName.length],
  ];
  const local = littleEndian(30, [[0, 4, 0x04034b50], [4, 2, 10], ...sizes(14)]);
  const central = littleEndian(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 10], ...sizes(16)]);
  const centralOffset = local.length + fileName.length + body.length;
  const end = littleEndian(22, [
    [0, 4, 0x06054b50],
    [8, 2, 1],
    [10, 2, 1],
    [12, 4, central.length + fileName.length],
    [16, 4, centralOffset],
  ]);
  return Buffer.concat([local, fileName, body, central, fileName, end]);
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([text(type), data])));
  return Buffer.concat([length, text(type), data, crc]);
}

/** A decompression bomb: a few hundred bytes whose header claims 60,000 x 60,000 pixels (3.6 gigapixels). */
function pngBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = zlib.deflateSync(Buffer.alloc(60_000 * 3 + 1), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The same bomb as a JPEG: a real small JPEG whose frame header (SOF0) is changed to claim 65,000 x 65,000. */
function jpegBomb(jpeg: Buffer) {
  const bomb = Buffer.from(jpeg);
  for (let i = 2; i < bomb.length - 9; i++) {
    if (bomb[i] === 0xff && bomb[i + 1] >= 0xc0 && bomb[i + 1] <= 0xc2) {
      bomb.writeUInt16BE(65_000, i + 5); // height
      bomb.writeUInt16BE(65_000, i + 7); // width
      return bomb;
    }
  }
  throw new Error("no frame header in the JPEG");
}

const jpeg = await makeJpeg({ width: 640, height: 480 });
const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
  .png()
  .toBuffer();
const gif = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 240, g: 200, b: 40 } } })
  .gif()
  .toBuffer();
const svg = text(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert("svg")</script><rect width="100" height="100"/></svg>',
);
const pdf = text(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert('pdf')) >> >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const oversized = await makeNoisePng({ width: 1500, height: 1400 });

type BadFile = { what: string; name: string; type: string; body: Buffer; message: string; avatarMessage?: string };

/** Files every picture field must refuse, with the message the member sees. */
const BAD_FILES: BadFile[] = [
  {
    what: "an SVG with a script, named .jpg and sent as image/jpeg",
    name: "photo.jpg",
    type: "image/jpeg",
    body: svg,
    message: INVALID_TYPE,
  },
  {
    what: "an SVG with a script, named .png and sent as image/png",
    name: "photo.png",
    type: "image/png",
    body: svg,
    message: INVALID_TYPE,
  },
  {
    what: "an HTML page named .jpg",
    name: "holiday.jpg",
    type: "image/jpeg",
    body: text(HTML_PAYLOAD),
    message: INVALID_TYPE,
  },
  { what: "a PDF with JavaScript named .png", name: "scan.png", type: "image/png", body: pdf, message: INVALID_TYPE },
  {
    what: "a GIF header in front of JavaScript (GIF89a=...;alert())",
    name: "anim.gif",
    type: "image/gif",
    body: text(`GIF89a=1;${JS_PAYLOAD}//`),
    message: INVALID_TYPE,
  },
  {
    what: "a truncated JPEG",
    name: "cut.jpg",
    type: "image/jpeg",
    body: jpeg.subarray(0, Math.floor(jpeg.length / 3)),
    message: INVALID_TYPE,
  },
  {
    what: "a JPEG with its image data overwritten",
    name: "corrupt.jpg",
    type: "image/jpeg",
    body: Buffer.concat([jpeg.subarray(0, 700), Buffer.alloc(jpeg.length - 700, 0x55)]),
    message: INVALID_TYPE,
  },
  {
    what: "a PNG decompression bomb (60,000 x 60,000 in a few hundred bytes)",
    name: "bomb.png",
    type: "image/png",
    body: pngBomb(),
    message: DIMENSIONS,
  },
  {
    what: "a JPEG decompression bomb (65,000 x 65,000)",
    name: "bomb.jpg",
    type: "image/jpeg",
    body: jpegBomb(jpeg),
    message: DIMENSIONS,
  },
  {
    what: `a ${(oversized.length / 1024 / 1024).toFixed(1)} MB PNG (over 5 MB)`,
    name: "huge.png",
    type: "image/png",
    body: oversized,
    message: TOO_BIG,
  },
  {
    what: "a zero-byte file",
    name: "empty.jpg",
    type: "image/jpeg",
    body: Buffer.alloc(0),
    message: IMAGE_REQUIRED,
    avatarMessage: NO_FILE_CHOSEN,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The ways a picture arrives

/** Everything in storage, by key. */
function storedFiles(): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return (fs.readdirSync(uploadsDir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile())
    .sort();
}

type Upload = { name: string; type: string; body: Buffer };
type Sent = { status: number; body: string };

const post = async (url: string, form: FormData, cookie = member.cookie): Promise<Sent> => {
  const res = await testApp.app.request(`${TEST_ORIGIN}${url}`, {
    method: "POST",
    headers: sameOrigin(cookie),
    body: form,
  });
  return { status: res.status, body: await res.text() };
};

function listingForm(files: Upload[], extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...GOOD_LISTING, ...extra })) form.append(name, value);
  for (const file of files)
    form.append("images", new File([new Uint8Array(file.body)], file.name, { type: file.type }));
  return form;
}

type Target = { name: string; send: (file: Upload) => Promise<Sent>; isAvatar?: boolean };

const TARGETS: Target[] = [
  { name: "POST /api/v1/listings", send: (file) => post("/api/v1/listings", listingForm([file])) },
  { name: "the Create Listing form", send: (file) => post("/create-listing", listingForm([file])) },
  { name: "the Create Listing form (.data)", send: (file) => post("/create-listing.data", listingForm([file])) },
  // The listing's own pictures are not kept: the new file is all it would have.
  { name: "the Edit Listing form", send: (file) => post(`/listings/${ownListing}/edit.data`, listingForm([file])) },
  {
    name: "the avatar on My Account",
    isAvatar: true,
    send: (file) => {
      const form = new FormData();
      form.append("intent", "avatar");
      form.append("avatar", new File([new Uint8Array(file.body)], file.name, { type: file.type }));
      return post("/account.data?index", form);
    },
  },
];

/** The text a member reads: JSON's error, or the page's (the .data stream and the HTML carry it as written). */
const says = (sent: Sent, message: string) =>
  sent.body.includes(message) || sent.body.includes(message.replace(/'/g, "&#x27;"));

describe("files that are not (only) pictures are refused, leaving nothing behind", () => {
  for (const target of TARGETS) {
    for (const bad of BAD_FILES) {
      const message = (target.isAvatar && bad.avatarMessage) || bad.message;
      test(`${target.name}: ${bad.what} -> "${message}"`, async () => {
        const files = storedFiles();
        const rows = await fingerprint(db);
        const sent = await target.send(bad);
        expect(sent.status, sent.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(sent.status).toBeLessThan(500);
        expect(says(sent, message), sent.body.slice(0, 400)).toBe(true);
        expect(storedFiles()).toEqual(files);
        expect(changedTables(rows, await fingerprint(db))).toEqual([]);
      });
    }
  }
});

describe("a body larger than a picture route's whole limit is refused before it is read, with the spec's message", () => {
  const huge = { name: "huge.jpg", type: "image/jpeg", body: Buffer.concat([jpeg, Buffer.alloc(42 * 1024 * 1024)]) };
  for (const target of TARGETS) {
    test(`${target.name}: a ${(huge.body.length / 1024 / 1024).toFixed(0)} MB upload -> 413 "${TOO_BIG}"`, async () => {
      const files = storedFiles();
      const rows = await fingerprint(db);
      const sent = await target.send(huge);
      expect(sent.status).toBe(413);
      expect(says(sent, TOO_BIG), sent.body.slice(0, 200)).toBe(true);
      expect(storedFiles()).toEqual(files);
      expect(changedTables(rows, await fingerprint(db))).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Accepted pictures: only the re-encoded pixels are served

/** The listing's served pictures (every width) as a visitor gets them. */
async function servedPictures(listingId: string) {
  const [row] = await db.select({ images: listings.images }).from(listings).where(eq(listings.id, listingId));
  const urls = row.images.flatMap((image) => image.widths.map((width) => `/uploads/${image.key}-${width}.webp`));
  return Promise.all(urls.map((url) => testApp.app.request(`${TEST_ORIGIN}${url}`)));
}

async function servedAvatar() {
  const [row] = await db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, member.userId));
  expect(row.avatarUrl).toMatch(/^\/uploads\/avatars\//);
  return [await testApp.app.request(`${TEST_ORIGIN}${row.avatarUrl}`)];
}

/** What was served holds none of `payloads` and no metadata; it is WebP, and says so with nosniff. */
async function expectClean(responses: Response[], payloads: string[]) {
  expect(responses.length).toBeGreaterThan(0);
  for (const res of responses) {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await res.arrayBuffer());
    for (const payload of payloads) expect(bytes.includes(payload), payload).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    // No EXIF or XMP chunk in the RIFF container at all.
    expect(bytes.includes("EXIF")).toBe(false);
    expect(bytes.includes("XMP ")).toBe(false);
  }
}

const exifJpeg = await makeJpeg({ width: 800, height: 600, exif: true });

/** Whether EXIF data points to a GPS directory (TIFF tag 0x8825, in the byte order its header names). */
function hasGpsDirectory(exif: Buffer): boolean {
  const tiff = exif.indexOf("II*\0") >= 0 ? exif.indexOf("II*\0") : exif.indexOf("MM\0*");
  if (tiff < 0) return false;
  const tag = exif[tiff] === 0x49 ? Buffer.from([0x25, 0x88]) : Buffer.from([0x88, 0x25]);
  return exif.includes(tag, tiff);
}

/** `photo`: an ordinary phone photo, which must be accepted (a refusal would leave its check proving nothing). */
type Polyglot = { what: string; file: Upload; payloads: string[]; photo?: boolean };

/** Real images with something else riding along: if the product takes them, only their pixels may come back. */
const POLYGLOTS: Polyglot[] = [
  {
    what: "a JPEG with an HTML page appended",
    file: { name: "photo.jpg", type: "image/jpeg", body: Buffer.concat([jpeg, text(HTML_PAYLOAD)]) },
    payloads: ["swapshed-polyglot", "<script"],
  },
  {
    what: "a PNG with a zip archive appended",
    file: { name: "photo.png", type: "image/png", body: Buffer.concat([png, zipWith(ZIP_MARKER, HTML_PAYLOAD)]) },
    payloads: [ZIP_MARKER, "swapshed-polyglot"],
  },
  {
    what: "a GIF with JavaScript and a zip appended (GIFAR)",
    file: {
      name: "anim.gif",
      type: "image/gif",
      body: Buffer.concat([gif, text(JS_PAYLOAD), zipWith(ZIP_MARKER, JS_PAYLOAD)]),
    },
    payloads: ["swapshed-gifar", ZIP_MARKER],
  },
  {
    what: "a JPEG with camera and GPS tags",
    file: { name: "phone.jpg", type: "image/jpeg", body: exifJpeg },
    payloads: ["SwapShedCam", "Test Phone 1", "Kylie Nguyen"],
    photo: true,
  },
];

describe("pictures that are accepted are re-encoded: no appended payload, no EXIF or GPS, served as WebP with nosniff", () => {
  test("the GPS fixture really carries GPS and camera tags (so the check below means something)", async () => {
    const metadata = await sharp(exifJpeg).metadata();
    expect(metadata.exif).toBeDefined();
    expect(exifJpeg.includes("SwapShedCam")).toBe(true);
    expect(hasGpsDirectory(metadata.exif as Buffer)).toBe(true);
  });

  /** What happened to each file, printed at the end: accepted (and served clean) or refused. */
  const outcomes: string[] = [];
  afterAll(() =>
    process.stdout.write(
      `\nUploads: what the product did with images carrying a payload\n${outcomes.map((o) => `  ${o}`).join("\n")}\n`,
    ),
  );

  /** A 201/302 is checked for what is served; anything else must be the spec's refusal of the file. */
  async function judge(
    where: string,
    { what, payloads, photo }: Polyglot,
    accepted: boolean,
    served: () => Promise<Response[]>,
    refusal: () => void,
  ) {
    outcomes.push(`${where}: ${what}: ${accepted ? "accepted, re-encoded, served clean" : "refused"}`);
    if (photo) expect(accepted, `${where} refused an ordinary photo`).toBe(true);
    if (accepted) await expectClean(await served(), payloads);
    else refusal();
  }

  for (const polyglot of POLYGLOTS) {
    const { what, file } = polyglot;
    test(`POST /api/v1/listings: ${what}`, async () => {
      const files = storedFiles();
      const res = await testApp.app.request(`${TEST_ORIGIN}/api/v1/listings`, {
        method: "POST",
        headers: sameOrigin(member.cookie),
        body: listingForm([file]),
      });
      const answer = await res.text();
      await judge(
        "API",
        polyglot,
        res.status === 201,
        async () => servedPictures((JSON.parse(answer) as { id: string }).id),
        () => {
          // Refusing the whole file is the other safe answer: the spec's message, nothing stored.
          expect(res.status, answer).toBe(400);
          expect(answer).toContain(INVALID_TYPE);
          expect(storedFiles()).toEqual(files);
        },
      );
    });

    test(`the Create Listing form: ${what}`, async () => {
      const before = await db.select({ id: listings.id }).from(listings).where(eq(listings.userId, member.userId));
      const sent = await post("/create-listing", listingForm([file], { title: `Polyglot ${what.slice(0, 40)}` }));
      const after = await db.select({ id: listings.id }).from(listings).where(eq(listings.userId, member.userId));
      const created = after.filter((row) => !before.some((b) => b.id === row.id));
      await judge(
        "Create Listing",
        polyglot,
        sent.status === 302,
        async () => {
          expect(created).toHaveLength(1);
          return servedPictures(created[0].id);
        },
        () => {
          expect(sent.status).toBe(400);
          expect(says(sent, INVALID_TYPE)).toBe(true);
          expect(created).toEqual([]);
        },
      );
    });

    test(`the Edit Listing form: ${what}`, async () => {
      const sent = await post(`/listings/${ownListing}/edit`, listingForm([file]));
      await judge(
        "Edit Listing",
        polyglot,
        sent.status === 302,
        () => servedPictures(ownListing),
        () => expect(says(sent, INVALID_TYPE)).toBe(true),
      );
    });

    test(`the avatar on My Account: ${what}`, async () => {
      const form = new FormData();
      form.append("intent", "avatar");
      form.append("avatar", new File([new Uint8Array(file.body)], file.name, { type: file.type }));
      const sent = await post("/account?index", form);
      await judge("Avatar", polyglot, sent.status === 302, servedAvatar, () =>
        expect(says(sent, INVALID_TYPE)).toBe(true),
      );
    });
  }
});
