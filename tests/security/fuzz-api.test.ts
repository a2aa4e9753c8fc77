// Property-based bad input to every JSON API endpoint that takes a body (read from the app's own routes, so a new
// one fails the coverage check until it is fuzzed), through the real app: its middleware, the handler and the use
// case over the test database. Bodies come from the zod schemas the handlers use (sign-up and sign-in, the listing
// fields, proposals and reviews), each field valid, broken at a limit, of the wrong type or hostile, with extra
// fields and prototype keys; whole bodies that are not objects; odd content types; hostile ids in the path.
// Whatever is sent: never a 5xx, a refusal is JSON with an `error` the client can show, a refused request changes
// no row, and no built-in prototype gains a key. Fixed seed, fixed runs: see Figures in the output.
import fs from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { listingFieldsSchema } from "#core/listings/listing-schema.ts";
import { proposeSwapSchema, reviewSchema } from "#core/swaps/swap-schema.ts";
import {
  OFFERED_NOT_AVAILABLE,
  TOO_MANY_OFFERED,
  TOO_MANY_WANTED,
  WANTED_NOT_AVAILABLE,
} from "#core/swaps/propose-swap.ts";
import { signInSchema, signUpSchema } from "#core/auth/credentials-schema.ts";
import { ProfileUpdate } from "#server/api/account.ts";
import { MarkReadRequest, ReportMessageRequest, SendMessageRequest } from "#server/api/conversations.ts";
import { GOOD_LISTING, sameOrigin } from "../support/api-factories";
import { makeJpeg } from "../support/images";
import { TEST_ORIGIN } from "../support/test-app";
import {
  accountFields,
  changedTables,
  encodePathSegment,
  type Entry,
  entriesArb,
  type FieldArbs,
  field,
  FilePart,
  fileField,
  fingerprint,
  formHostile,
  formValues,
  hostileJson,
  hostileString,
  hugeString,
  jsonBody,
  nonObjectJson,
  oneOf,
  pathId,
  type Outcome,
  POISONED_OBJECT,
  runsFor,
  schemaFields,
  seedFor,
} from "./support/fuzz";
import { type FuzzAnswer, fuzzEndpoint } from "./support/fuzz-endpoint";
import { fuzzSetup } from "./support/world";

const { handle, db, testApp, world, figures } = await fuzzSetup();
const { app } = testApp;

type Endpoint = {
  method: "POST" | "PUT" | "DELETE";
  /** The route as Hono lists it (its one `:param`, e.g. `:id`, is the id). */
  path: string;
  as: "member" | "visitor";
  body: "json" | "multipart";
  ids?: string[];
  /** Path parameters after the first, filled as given (the first is the fuzzed id). */
  fixed?: Record<string, string>;
  fields?: Record<string, FieldArbs>;
  runs?: number;
  /** Told apart from the same route's other row (a JSON send and a multipart one). */
  label?: string;
};

const listing = {
  ...schemaFields(listingFieldsSchema),
  images: fileField,
  locationSuburb: oneOf("Bondi", "Nowhere"),
  locationState: oneOf("NSW", "XYZ"),
  locationPostcode: oneOf("2026", "0000"),
};
const swapIds = Object.values(world.swaps);

/**
 * A bundle's further listing ids (decision 103): valid, some of the right side's listings; broken, arrays of junk (not
 * ids, objects, numbers, nulls), ten ids, a huge one, ids of no listing or of the other side, and no array at all.
 */
function bundleIds(ids: string[], otherSide: string[]): FieldArbs {
  return {
    valid: fc.subarray(ids),
    invalid: fc.oneof(
      fc.array(hostileString, { minLength: 1, maxLength: 3 }),
      fc.array(fc.constantFrom<unknown>(POISONED_OBJECT, {}, [], null, true), { minLength: 1, maxLength: 3 }),
      fc.array(fc.oneof(fc.integer(), fc.double()), { minLength: 1, maxLength: 3 }),
      fc.array(fc.uuid(), { minLength: 10, maxLength: 10 }),
      fc.array(fc.uuid(), { minLength: 1, maxLength: 3 }),
      hugeString.map((text) => [text]),
      fc.subarray(otherSide, { minLength: 1 }),
      fc.constantFrom<unknown>(POISONED_OBJECT, { 0: ids[0] }, 7, "not-a-listing"),
    ),
  };
}

// Ordered so that what an accepted request takes away (a listing, a pending proposal, the session) comes last.
const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: "/api/v1/auth/sign-up",
    as: "visitor",
    body: "json",
    fields: accountFields(signUpSchema),
    runs: 50,
  },
  {
    method: "POST",
    path: "/api/v1/auth/sign-in",
    as: "visitor",
    body: "json",
    fields: accountFields(signInSchema),
    runs: 40,
  },
  { method: "POST", path: "/api/v1/listings", as: "member", body: "multipart", fields: listing, runs: 50 },
  {
    method: "PUT",
    path: "/api/v1/listings/:id",
    as: "member",
    body: "multipart",
    ids: [world.ownListing, world.otherListing],
    fields: { ...listing, keepImages: field(fc.constantFrom(...world.imageKeys)) },
    runs: 50,
  },
  {
    method: "PUT",
    path: "/api/v1/listings/:id/favourite",
    as: "member",
    body: "json",
    ids: [world.otherListing, world.otherSpare],
  },
  {
    method: "DELETE",
    path: "/api/v1/listings/:id/favourite",
    as: "member",
    body: "json",
    ids: [world.otherListing, world.otherSpare],
  },
  {
    method: "POST",
    path: "/api/v1/swaps",
    as: "member",
    body: "json",
    fields: {
      ...schemaFields(proposeSwapSchema),
      targetListingId: field(fc.constantFrom(world.otherListing, world.otherSpare, world.ownListing)),
      offeredListingId: field(fc.constantFrom(world.spareListing, world.ownListing, world.otherListing)),
      moreOffered: bundleIds([world.spareListing, world.ownListing], [world.otherListing, world.otherSpare]),
      moreWanted: bundleIds([world.otherSpare, world.otherListing], [world.spareListing, world.ownListing]),
    },
    runs: 60,
  },
  {
    method: "POST",
    path: "/api/v1/swaps/:id/review",
    as: "member",
    body: "json",
    ids: [world.swaps.completed, world.swaps.accepted],
    fields: schemaFields(reviewSchema),
    runs: 40,
  },
  { method: "POST", path: "/api/v1/swaps/:id/pay", as: "member", body: "json", ids: swapIds },
  // Not on the arranging swap: there a confirmation is a change, not a refusal.
  {
    method: "POST",
    path: "/api/v1/swaps/:id/swapped",
    as: "member",
    body: "json",
    ids: [world.swaps.accepted, world.swaps.completed, world.swaps.received],
  },
  { method: "POST", path: "/api/v1/swaps/:id/accept", as: "member", body: "json", ids: swapIds },
  { method: "POST", path: "/api/v1/swaps/:id/decline", as: "member", body: "json", ids: swapIds },
  { method: "POST", path: "/api/v1/swaps/:id/withdraw", as: "member", body: "json", ids: swapIds },
  // A counter-offer (decision 103) on every kind of swap: own and others' listings on both sides, and junk.
  {
    method: "POST",
    path: "/api/v1/swaps/:id/counter",
    as: "member",
    body: "json",
    ids: swapIds,
    fields: {
      give: bundleIds([world.spareListing, world.ownListing], [world.otherListing, world.otherSpare]),
      get: bundleIds([world.otherSpare, world.otherListing], [world.spareListing, world.ownListing]),
      message: field(fc.string({ maxLength: 1100 })),
    },
    runs: 40,
  },
  {
    method: "POST",
    path: "/api/v1/listings/:id/conversation",
    as: "member",
    body: "json",
    ids: [world.otherListing, world.otherSpare, world.ownListing],
  },
  {
    method: "POST",
    path: "/api/v1/conversations/:id/messages",
    as: "member",
    body: "json",
    ids: [world.thread],
    fields: schemaFields(SendMessageRequest),
    runs: 40,
  },
  // The same send as a form with pictures (decision 087): words optional, up to 4 files checked by their bytes.
  {
    method: "POST",
    path: "/api/v1/conversations/:id/messages",
    as: "member",
    body: "multipart",
    ids: [world.thread],
    fields: { ...schemaFields(SendMessageRequest), pictures: fileField },
    runs: 30,
    label: "with pictures",
  },
  {
    method: "POST",
    path: "/api/v1/conversations/:id/messages/:messageId/report",
    as: "member",
    body: "json",
    ids: [world.thread, world.otherListing],
    fixed: { messageId: world.threadLine },
    fields: schemaFields(ReportMessageRequest),
    runs: 40,
  },
  {
    method: "POST",
    path: "/api/v1/conversations/:id/read",
    as: "member",
    body: "json",
    ids: [world.thread],
    fields: schemaFields(MarkReadRequest),
  },
  {
    method: "PUT",
    path: "/api/v1/blocks/:memberId",
    as: "member",
    body: "json",
    ids: [world.victims[0], world.member.userId],
  },
  { method: "DELETE", path: "/api/v1/blocks/:memberId", as: "member", body: "json", ids: [world.victims[0]] },
  {
    method: "DELETE",
    path: "/api/v1/listings/:id",
    as: "member",
    body: "json",
    ids: [world.disposable[0], world.otherListing],
  },
  {
    method: "PUT",
    path: "/api/v1/me/profile",
    as: "member",
    body: "json",
    fields: { ...schemaFields(ProfileUpdate), location: oneOf("Bondi NSW 2026", "Nowhere XYZ 0000", "") },
    runs: 40,
  },
  {
    method: "POST",
    path: "/api/v1/auth/sign-out",
    as: "member",
    body: "json",
    fields: { scope: oneOf("local", "others", "global") },
  },
];

const DEFAULT_RUNS = 20;
const nameOf = (e: Endpoint) => `${e.method} ${e.path} (${e.as})${e.label ? ` ${e.label}` : ""}`;

const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/vnd.api+json",
  "APPLICATION/JSON",
];
const OTHER_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "",
  "application/xml",
];

type Case = { entries: Entry[]; whole: string | null; param: string; contentType: string };

function caseArb(e: Endpoint): fc.Arbitrary<Case> {
  const param = pathId(e.ids);
  const multipart = e.body === "multipart";
  return fc.record({
    entries: entriesArb(e.fields ?? {}, {}, multipart ? formHostile : hostileJson),
    // One in eight JSON bodies is not an object at all (an array, a string, null, deep nesting, cut off).
    whole: multipart
      ? fc.constant(null)
      : fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: nonObjectJson }),
    param,
    contentType: multipart
      ? fc.oneof(
          { weight: 9, arbitrary: fc.constant("multipart") },
          { weight: 1, arbitrary: fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES) },
        )
      : fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(...JSON_TYPES) },
          { weight: 1, arbitrary: fc.constantFrom(...OTHER_TYPES) },
        ),
  });
}

function requestFor(e: Endpoint, c: Case): Request {
  const given = Object.entries(e.fixed ?? {}).reduce((p, [name, value]) => p.replace(`:${name}`, value), e.path);
  const path = given.replace(/:[A-Za-z]+/, encodePathSegment(c.param));
  const headers: Record<string, string> = sameOrigin(e.as === "member" ? world.member.cookie : undefined);
  let body: BodyInit;
  if (c.contentType === "multipart") {
    const form = new FormData();
    for (const [name, value] of c.entries) {
      if (value instanceof FilePart) form.append(name, value.toFile());
      else for (const text of formValues(value)) form.append(name, text);
    }
    body = form;
  } else {
    body = c.whole ?? jsonBody(c.entries);
    if (c.contentType) headers["content-type"] = c.contentType;
  }
  return new Request(`${TEST_ORIGIN}${path}`, { method: e.method, headers, body });
}

/** The API's routes that take a body, as the app lists them. */
const bodyRoutes = app.routes
  .filter(
    (r) =>
      ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/v1/") && !r.path.includes("*"),
  )
  .map((r) => `${r.method} ${r.path}`);

/** A refusal from the API says why, in JSON: `{ error: "..." }`. */
function refusalSaysWhy({ outcome, status, text }: FuzzAnswer) {
  if (outcome !== "refused") return;
  let error: unknown;
  try {
    error = (JSON.parse(text) as { error?: unknown }).error;
  } catch {
    error = undefined;
  }
  if (typeof error !== "string" || !error)
    throw new Error(`a refusal without a JSON error message: ${status} ${text.slice(0, 300)}`);
}

describe("the JSON API under property-based bad input", () => {
  test("every API route that takes a body is fuzzed", () => {
    const fuzzed = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    expect(bodyRoutes.filter((route) => !fuzzed.has(route))).toEqual([]);
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(14);
  });

  test("the database fingerprint sees a changed row (so 'unchanged' means something)", async () => {
    const before = await fingerprint(db);
    await testApp.post("/api/v1/auth/sign-up", {
      email: `fingerprint-${Date.now()}@example.com.au`,
      password: "Swapshed1",
      fullName: "Finn Print",
    });
    expect(changedTables(before, await fingerprint(db))).toEqual(
      expect.arrayContaining(["users", "profiles", "accounts"]),
    );
    await world.heal();
  });

  // Found by this suite: String() and Number() of an object whose toString is not a function throw, and the
  // handlers turned a proposal's ids and message, and a review's rating, into text or a number that way: a 500.
  test("a proposal or a review with values that cannot become text or a number is refused, not a 500", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["/api/v1/swaps", { targetListingId: POISONED_OBJECT, offeredListingId: world.spareListing }],
      [
        "/api/v1/swaps",
        { targetListingId: world.otherListing, offeredListingId: world.spareListing, message: POISONED_OBJECT },
      ],
      [`/api/v1/swaps/${world.swaps.completed}/review`, { rating: POISONED_OBJECT, comment: "Great swap" }],
    ];
    for (const [path, body] of cases) {
      const res = await app.request(`${TEST_ORIGIN}${path}`, {
        method: "POST",
        headers: { ...sameOrigin(world.member.cookie), "content-type": "application/json" },
        body: jsonBody(Object.entries(body)),
      });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
    }
  });

  // Bundles (decision 103): whatever goes where a bundle's further listings go, a refusal names the side it is about
  // and nothing is written.
  test("a proposal with junk for a bundle's further listings is refused with the side's message, writing nothing", async () => {
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const junk: [string, unknown][] = [
      ["words", ["drill", "' OR '1'='1' --"]],
      ["objects", [POISONED_OBJECT, {}]],
      ["an object", POISONED_OBJECT],
      ["numbers", [1, 2.5, -0]],
      ["nulls and booleans", [null, true]],
      ["a nested list", [[world.otherSpare]]],
      ["a very long string", ["a".repeat(20_000)]],
      ["ids of no listing", ids(1)],
      ["ten ids", ids(10)],
    ];
    const sides = [
      { field: "moreOffered", notAvailable: OFFERED_NOT_AVAILABLE, tooMany: TOO_MANY_OFFERED },
      { field: "moreWanted", notAvailable: WANTED_NOT_AVAILABLE, tooMany: TOO_MANY_WANTED },
    ];
    const send = (body: Record<string, unknown>) =>
      app.request(`${TEST_ORIGIN}/api/v1/swaps`, {
        method: "POST",
        headers: { ...sameOrigin(world.member.cookie), "content-type": "application/json" },
        body: jsonBody(
          Object.entries({ targetListingId: world.otherListing, offeredListingId: world.ownListing, ...body }),
        ),
      });
    const before = await fingerprint(db);
    for (const side of sides) {
      for (const [what, value] of junk) {
        const response = await send({ [side.field]: value });
        const label = `${side.field}: ${what}`;
        expect(response.status, label).toBe(400);
        const { error } = (await response.json()) as { error: string };
        // Ten ids are more than a bundle holds, and not a list of its listings either: both say what is wrong.
        expect(what === "ten ids" ? [side.notAvailable, side.tooMany] : [side.notAvailable], label).toContain(error);
      }
    }
    // Listings of the other side, and one too many of the right side's.
    const wrongSide = [
      [{ moreOffered: [world.otherSpare] }, OFFERED_NOT_AVAILABLE],
      [{ moreWanted: [world.spareListing] }, WANTED_NOT_AVAILABLE],
      [{ moreOffered: ids(3) }, TOO_MANY_OFFERED],
      [{ moreWanted: ids(2) }, TOO_MANY_WANTED],
    ] as const;
    for (const [body, message] of wrongSide) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error, JSON.stringify(body)).toBe(message);
    }
    expect(changedTables(before, await fingerprint(db))).toEqual([]);
  });

  // Found by this suite: PostgreSQL cannot store or compare text holding U+0000: a listing titled "Drill\0kit"
  // failed its insert (a 500). JSON and multipart bodies and addresses with a NUL are now refused up front.
  test("a NUL character in JSON, in a listing's fields or in the address is refused with the API's message", async () => {
    const listing = new FormData();
    for (const [name, value] of Object.entries({ ...GOOD_LISTING, title: "Drill\u0000kit" }))
      listing.append(name, value);
    listing.append("images", new File([new Uint8Array(await makeJpeg())], "drill.jpg", { type: "image/jpeg" }));
    const headers = sameOrigin(world.member.cookie);
    const json = { ...headers, "content-type": "application/json" };
    const cases: [string, () => Promise<Response>][] = [
      [
        "a listing's title",
        async () => app.request(`${TEST_ORIGIN}/api/v1/listings`, { method: "POST", headers, body: listing }),
      ],
      [
        "a nested JSON string",
        async () =>
          app.request(`${TEST_ORIGIN}/api/v1/swaps`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({
              targetListingId: world.otherListing,
              offeredListingId: world.spareListing,
              message: ["ok", { deep: "a\u0000b" }],
            }),
          }),
      ],
      [
        "a JSON key",
        async () =>
          app.request(`${TEST_ORIGIN}/api/v1/auth/sign-out`, {
            method: "POST",
            headers: json,
            body: '{"sc\\u0000ope":"local"}',
          }),
      ],
      [
        "the address",
        async () =>
          app.request(`${TEST_ORIGIN}/api/v1/swaps/${world.swaps.sent}%00/withdraw`, {
            method: "POST",
            headers: json,
            body: "{}",
          }),
      ],
    ];
    for (const [what, send] of cases) {
      const files = testApp.uploadsDir ? fs.readdirSync(testApp.uploadsDir, { recursive: true }).length : 0;
      const before = await fingerprint(db);
      const response = await send();
      expect(response.status, what).toBe(400);
      expect(await response.json(), what).toEqual({ error: "Text can't contain the NUL character (U+0000)." });
      expect(changedTables(before, await fingerprint(db)), what).toEqual([]);
      if (testApp.uploadsDir) expect(fs.readdirSync(testApp.uploadsDir, { recursive: true }).length, what).toBe(files);
    }
  });

  for (const [index, e] of ENDPOINTS.entries()) {
    const name = nameOf(e);
    test(name, async () => {
      await fuzzEndpoint(
        { db, world, figures },
        name,
        caseArb(e),
        async (c) => {
          const response = await app.request(requestFor(e, c));
          const status = response.status;
          const outcome: Outcome =
            status >= 500 ? "server error" : status >= 400 ? "refused" : status >= 300 ? "redirected" : "accepted";
          return { outcome, status, text: await response.text() };
        },
        { numRuns: runsFor(e.runs ?? DEFAULT_RUNS), seed: seedFor(100 + index), check: refusalSaysWhy },
      );
    });
  }
});

afterAll(() => {
  process.stdout.write(`\n${figures.report("Fuzzing: JSON API", handle.kind)}\n`);
});
