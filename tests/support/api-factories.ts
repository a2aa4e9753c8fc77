// Members and listings made through the JSON API, as a browser would make them: real sign-up (password hash,
// session cookie) and real uploads. For rows straight in the database, see factories.ts.
import crypto from "node:crypto";
import type { Db } from "#db/client.ts";
import { confirmAddress } from "./factories";
import { makeJpeg, type Upload } from "./images";
import { cookiesFrom, TEST_ORIGIN } from "./test-app";

/** What these helpers need from createTestApp: the app itself and its same-origin JSON POST. */
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
export async function signUpMember(testApp: Pick<TestApp, "post">, options: { name?: string; email?: string } = {}) {
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
export async function postListing(
  testApp: Pick<TestApp, "app">,
  cookie: string,
  overrides: Parameters<typeof createListingViaApi>[2] = {},
) {
  const res = await createListingViaApi(testApp, cookie, overrides);
  if (res.status !== 201) throw new Error(`create listing failed with ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * signUpMember, then the link in the sign-up mail opened: only a confirmed member may set up two-step sign-in,
 * add a passkey, link an identity or move address (decision 067).
 */
export async function signUpConfirmedMember(
  testApp: Pick<TestApp, "post">,
  db: Db,
  options: Parameters<typeof signUpMember>[1] = {},
) {
  const member = await signUpMember(testApp, options);
  await confirmAddress(db, member.userId);
  return member;
}
