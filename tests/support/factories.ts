import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { cookiesFrom, TEST_ORIGIN } from "./test-app";

/** What the factories need from createTestApp: the app itself and its same-origin JSON POST. */
type TestApp = {
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
  post: (path: string, body: unknown, headers?: Record<string, string>) => Response | Promise<Response>;
};

export const MEMBER_PASSWORD = "Swapshed1";

let members = 0;

/** A distinct e-mail address per call, across test files and runs. */
export function freshEmail(prefix = "member") {
  return `${prefix}${++members}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com.au`;
}

/** Signs a new member up through the API, as their browser would; returns their id, e-mail and cookie. */
export async function createMember(testApp: Pick<TestApp, "post">, options: { name?: string; email?: string } = {}) {
  const email = options.email ?? freshEmail();
  const res = await testApp.post("/api/v1/auth/sign-up", {
    email,
    password: MEMBER_PASSWORD,
    fullName: options.name ?? "Kylie Nguyen",
  });
  if (res.status !== 201) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`);
  const { userId } = (await res.json()) as { userId: string };
  return { userId, email, cookie: cookiesFrom(res) };
}

/**
 * A real JPEG made by sharp. With `exif`, it carries camera tags and a GPS position (IFD3 is libvips'
 * name for the GPS directory), the kind of metadata a phone photo leaks.
 */
export async function makeJpeg({
  width = 800,
  height = 600,
  exif = false,
}: {
  width?: number;
  height?: number;
  exif?: boolean;
} = {}) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } }).jpeg({
    quality: 80,
  });
  if (exif) {
    image = image.withExif({
      IFD0: { Make: "SwapShedCam", Model: "Test Phone 1", Artist: "Kylie Nguyen" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "33/1 53/1 28/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "151/1 16/1 29/1",
      },
    });
  }
  return image.toBuffer();
}

/** A valid PNG of random noise: it does not compress, so a modest size in pixels is several megabytes. */
export async function makeNoisePng({ width = 1500, height = 1400 }: { width?: number; height?: number } = {}) {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** An upload part: bytes with a file name and the type a browser would declare for it. */
export type Upload = { body: Buffer | Uint8Array | string; name?: string; type?: string };

export const GOOD_LISTING = {
  title: "Weber kettle barbecue",
  description: "57 cm Weber kettle, cleaned and ready for summer, with cover and tongs.",
  category: "home_garden",
  condition: "good",
  valueMin: "150",
  valueMax: "250",
  location: "Bondi NSW 2026",
} as const;

/** The same-origin headers our own pages send with a state-changing request. */
export function sameOrigin(cookie?: string): Record<string, string> {
  return { origin: TEST_ORIGIN, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) };
}

/**
 * POSTs the create-listing form as multipart FormData. Fields default to a valid listing; a field set
 * to undefined is left out. `images` defaults to one 800x600 JPEG.
 */
export async function createListingViaApi(
  testApp: Pick<TestApp, "app">,
  cookie: string | undefined,
  overrides: Partial<Record<keyof typeof GOOD_LISTING, string | undefined>> & { images?: Upload[] } = {},
) {
  const { images, ...fieldOverrides } = overrides;
  const form = new FormData();
  const fields: Record<string, string | undefined> = { ...GOOD_LISTING, ...fieldOverrides };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  const uploads = images ?? [{ body: await makeJpeg() }];
  for (const [i, upload] of uploads.entries()) {
    const bytes = typeof upload.body === "string" ? upload.body : new Uint8Array(upload.body);
    form.append(
      "images",
      new File([bytes], upload.name ?? `photo-${i + 1}.jpg`, { type: upload.type ?? "image/jpeg" }),
    );
  }
  return testApp.app.request("/api/v1/listings", { method: "POST", body: form, headers: sameOrigin(cookie) });
}

/** createListingViaApi that must succeed; returns the new listing's id. */
export async function createListing(
  testApp: Pick<TestApp, "app">,
  cookie: string,
  overrides: Parameters<typeof createListingViaApi>[2] = {},
) {
  const res = await createListingViaApi(testApp, cookie, overrides);
  if (res.status !== 201) throw new Error(`create listing failed with ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Marks a member's address as confirmed, as opening the link in the sign-up mail does (signed in). Tests of what
 * a confirmed member may do start here: an unconfirmed address gains no passkey, authenticator, linked identity
 * or change of address (decision 067).
 */
export async function confirmAddress(db: Db, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}
