import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { LISTING_IN_SWAP } from "#core/listings/delete-listing.ts";
import { CHOOSE_A_REASON } from "#core/moderation/report-form.ts";
import { MESSAGE_ALREADY_REPORTED, MESSAGE_NOT_FOUND, OWN_MESSAGE } from "#core/moderation/report-message.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { openApiPath } from "#server/api/openapi.ts";
import { freshEmail, GOOD_LISTING, MEMBER_PASSWORD, sameOrigin } from "../support/api-factories";
import { makeJpeg } from "../support/images";
import { checkoutCompletedEvent, createPaymentTestApp, grantCredit } from "../support/payment-fixtures";
import { cookiesFrom, createTestApp } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

// The OpenAPI document against the app itself: it is valid OpenAPI 3.1, it lists exactly the routes the API
// serves, and every answer a real member gets (successes and refusals) fits the schema the document gives for
// that status. A route added without a declaration, a declared one that is gone, an undocumented status or a
// field outside its schema fails here.

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));
const { app, postWebhook } = createPaymentTestApp(handle);

type Operation = {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const documentResponse = await app.request("/api/v1/openapi.json");
const doc = (await documentResponse.json()) as Document;
const BASE = "https://swapshed.test/openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, BASE);

/** A JSON pointer into the document, as a URI fragment. */
const pointer = (...segments: string[]) =>
  `${BASE}#/${segments.map((s) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;

function validatorAt(...segments: string[]) {
  const validate = ajv.getSchema(pointer(...segments));
  if (!validate) throw new Error(`no schema at ${segments.join(" ")}`);
  return validate;
}

/** The API's routes as the app serves them, `METHOD /path/{param}` relative to /api/v1. */
function servedRoutes(routes: { method: string; path: string }[]) {
  return new Set(
    routes
      .filter((r) => r.path.startsWith("/api/v1/") && r.method !== "ALL" && !r.path.includes("*"))
      .map((r) => `${r.method} ${openApiPath(r.path.slice("/api/v1".length))}`),
  );
}
const documentedRoutes = () =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );

// ---- Calling the API as the document describes it ----

type Member = { userId: string; email: string; cookie: string };
type CallOptions = {
  as?: Member;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
};

/** Every (operation, status) answered and checked, and how many answers were checked. */
const seen = new Set<string>();
let checked = 0;

/**
 * Calls `METHOD template` (as in the document) and checks the answer against the document: the status is one it
 * lists for that operation, and the JSON body fits the schema it gives for that status. A JSON body the server
 * accepted must also fit the documented request schema.
 */
async function call(method: string, template: string, params: Record<string, string> = {}, options: CallOptions = {}) {
  const label = `${method} ${template}`;
  const op = doc.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`${label} is not in the document`);
  let url = `/api/v1${template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]))}`;
  if (options.query) url += `?${new URLSearchParams(options.query)}`;
  const headers: Record<string, string> = { ...sameOrigin(options.as?.cookie), ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await app.request(url, { method, headers, body });
  const text = await response.text();
  const status = String(response.status);
  expect(
    op.responses[status],
    `${label} answered ${status}, which the document does not list for it: ${text}`,
  ).toBeDefined();
  expect(response.headers.get("content-type"), `${label} ${status}`).toMatch(/^application\/json/);
  const json = JSON.parse(text);
  const validate = validatorAt(
    "paths",
    template,
    method.toLowerCase(),
    "responses",
    status,
    "content",
    "application/json",
    "schema",
  );
  expect(
    validate(json),
    `${label} ${status} is outside its documented schema: ${ajv.errorsText(validate.errors)}\n${text}`,
  ).toBe(true);
  if (options.json !== undefined && !op.requestBody?.content["application/json"])
    throw new Error(`${label} takes no JSON body`);
  if (response.ok && options.json !== undefined) {
    const request = validatorAt(
      "paths",
      template,
      method.toLowerCase(),
      "requestBody",
      "content",
      "application/json",
      "schema",
    );
    expect(
      request(options.json),
      `${label}: the documented request schema refuses a body the server accepted: ${ajv.errorsText(request.errors)}`,
    ).toBe(true);
  }
  seen.add(`${method} ${template} ${status}`);
  checked++;
  return { status: response.status, body: json, response };
}

async function signUp(name: string): Promise<Member> {
  const email = freshEmail("api");
  const { body, response } = await call(
    "POST",
    "/auth/sign-up",
    {},
    { json: { email, password: MEMBER_PASSWORD, fullName: name } },
  );
  expect(response.status).toBe(201);
  return { userId: body.userId, email, cookie: cookiesFrom(response) };
}

async function listingForm(overrides: Record<string, string> = {}, pictures = 1) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...GOOD_LISTING, ...overrides })) form.append(name, value);
  for (let i = 0; i < pictures; i++)
    form.append(
      "images",
      new File([new Uint8Array(await makeJpeg({ width: 400, height: 300 }))], `photo-${i}.jpg`, { type: "image/jpeg" }),
    );
  return form;
}

async function list(owner: Member, title: string) {
  const { status, body } = await call("POST", "/listings", {}, { as: owner, form: await listingForm({ title }) });
  expect(status).toBe(201);
  return body.id as string;
}

const NOWHERE = "0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e";

describe("the OpenAPI document", () => {
  test("is served as cacheable JSON, with an ETag that a revalidation answers 304", async () => {
    expect(documentResponse.status).toBe(200);
    expect(documentResponse.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = documentResponse.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.request("/api/v1/openapi.json", { headers: { "if-none-match": etag as string } });
    expect(again.status).toBe(304);
    // The same for a signed-in visitor of /api/docs: the document is nobody's in particular.
    const member = await signUp("Kylie Nguyen");
    const signedIn = await app.request("/api/v1/openapi.json", { headers: { cookie: member.cookie } });
    expect(signedIn.headers.get("cache-control")).toBe("public, max-age=300");
  });

  test("is valid OpenAPI 3.1 (the official schema, offline)", async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("every reference resolves and every answer of every operation has a schema", () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const status of Object.keys(op.responses)) {
          expect(
            () => validatorAt("paths", path, method, "responses", status, "content", "application/json", "schema"),
            `${method} ${path} ${status}`,
          ).not.toThrow();
        }
        for (const type of Object.keys(op.requestBody?.content ?? {})) {
          expect(
            () => validatorAt("paths", path, method, "requestBody", "content", type, "schema"),
            `${method} ${path} body`,
          ).not.toThrow();
        }
      }
    }
  });

  test("lists exactly the routes the API serves", () => {
    const served = servedRoutes(app.routes);
    expect(served.size).toBeGreaterThan(20);
    expect([...served].sort()).toEqual([...documentedRoutes()].sort());
  });

  test("the comparison notices a route served without being documented", async () => {
    const other = createTestApp(handle);
    other.app.get("/api/v1/undocumented", (c) => c.json({ ok: true }));
    const missing = [...servedRoutes(other.app.routes)].filter((r) => !documentedRoutes().has(r));
    expect(missing).toEqual(["GET /undocumented"]);
  });

  test("the check refuses an answer outside its schema", () => {
    const card = validatorAt("components", "schemas", "ListingCard");
    expect(card({ id: NOWHERE })).toBe(false);
    const error = validatorAt("components", "schemas", "Error");
    expect(error({ error: "Listing not found" })).toBe(true);
    expect(error({ message: "Listing not found" })).toBe(false);
  });

  test("names the session cookie and marks which operations need it", () => {
    const needs = (method: string, path: string) => JSON.stringify(doc.paths[path][method].security);
    expect(needs("get", "/me")).toBe(JSON.stringify([{ sessionCookie: [] }]));
    expect(needs("get", "/listings")).toBe(JSON.stringify([{}, { sessionCookie: [] }]));
    expect(needs("post", "/auth/sign-in")).toBe("[]");
  });
});

describe("the reference page at /api/docs", () => {
  test("draws the document with Swagger UI served from this origin, under the site's own script policy", async () => {
    const page = await app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = page.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // No inline script: every script and stylesheet is a file of ours.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets).toHaveLength(3);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\/assets\/\d+\.\d+\.\d+\//);
      const res = await app.request(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get("content-type"), asset).toMatch(
        asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/,
      );
      expect(res.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
      if (asset.endsWith("init.js")) expect(await res.text()).toContain('url: "/api/v1/openapi.json"');
    }
    expect((await app.request("/api/docs/assets/0.0.0/swagger-ui-bundle.js")).status).toBe(404);
    expect((await app.request(assets[0].replace(/[^/]+$/, "package.json"))).status).toBe(404);
  });
});

describe("every endpoint, called as a real member, answers within its documented schema", () => {
  test("visitors get the documented 401 from every member-only operation", async () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (JSON.stringify(op.security) !== JSON.stringify([{ sessionCookie: [] }])) continue;
        const multipart = Boolean(op.requestBody?.content["multipart/form-data"]);
        const json = Boolean(op.requestBody?.content["application/json"]);
        const options: CallOptions = multipart ? { form: await listingForm() } : json ? { json: {} } : {};
        const { status, body } = await call(method.toUpperCase(), path, { id: NOWHERE }, options);
        expect(status, `${method} ${path}`).toBe(401);
        expect(body).toEqual({ error: "Authentication required" });
      }
    }
  });

  test("the walk: sign up, profile, listings, search, favourites, a swap proposed, accepted, paid and reviewed", async () => {
    // Visitors.
    expect((await call("GET", "/openapi.json")).status).toBe(200);
    expect((await call("GET", "/localities", {}, { query: { q: "bondi" } })).body.localities[0].label).toMatch(/Bondi/);
    const here = { latitude: "-33.8136", longitude: "151.0034" };
    expect((await call("GET", "/localities/nearest", {}, { query: here })).body.locality.label).toBe(
      "Parramatta NSW 2150",
    );

    // Two members, and the first signs in again.
    const kylie = await signUp("Kylie Nguyen");
    const tom = await signUp("Tom O'Brien");
    const signIn = await call("POST", "/auth/sign-in", {}, { json: { email: kylie.email, password: MEMBER_PASSWORD } });
    expect(signIn.status).toBe(200);
    kylie.cookie = cookiesFrom(signIn.response);

    // The account.
    expect((await call("GET", "/me", {}, { as: kylie })).body.user.email).toBe(kylie.email);
    expect((await call("GET", "/me/profile", {}, { as: kylie })).body).toMatchObject({
      name: "Kylie Nguyen",
      phone: null,
      creditCents: 0,
    });
    const saved = await call(
      "PUT",
      "/me/profile",
      {},
      { as: kylie, json: { fullName: "Kylie Tran", phone: "0412 345 678", location: "Bondi NSW 2026" } },
    );
    expect(saved.body).toMatchObject({ name: "Kylie Tran", phone: "0412 345 678", location: "Bondi NSW 2026" });
    const sessions = (await call("GET", "/me/sessions", {}, { as: kylie })).body.sessions;
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    // Listings: one each to swap, and one Kylie changes and then deletes.
    const drill = await list(kylie, "Makita cordless drill");
    const mower = await list(tom, "Ryobi lawn mower");
    const spare = await list(kylie, "Camping stove");
    const spareNow = (await call("GET", "/listings/{id}", { id: spare }, { as: kylie })).body.listing;
    const edit = await listingForm({ title: "Camping stove, two burners" }, 0);
    edit.append("keepImages", spareNow.images[0].key);
    expect((await call("PUT", "/listings/{id}", { id: spare }, { as: kylie, form: edit })).body).toEqual({ id: spare });
    expect((await call("DELETE", "/listings/{id}", { id: spare }, { as: kylie })).body).toEqual({ ok: true });
    expect(
      (await call("GET", "/me/listings", {}, { as: kylie })).body.listings.map((l: { id: string }) => l.id),
    ).toEqual([drill]);

    // Search, a page at a time: the cursor brings the rest, with no card twice.
    const first = await call("GET", "/listings", {}, { query: { limit: "1" } });
    expect(first.body.listings).toHaveLength(1);
    expect(first.body.total).toBe(2);
    const second = await call("GET", "/listings", {}, { query: { limit: "1", cursor: first.body.nextCursor } });
    expect([...first.body.listings, ...second.body.listings].map((l: { id: string }) => l.id).sort()).toEqual(
      [drill, mower].sort(),
    );
    expect(second.body.nextCursor).toBeNull();
    const near = await call(
      "GET",
      "/listings",
      {},
      {
        as: kylie,
        query: {
          q: "mower",
          location: "Bondi NSW 2026",
          radius: "25",
          sort: "nearest",
          category: "home_garden",
          min: "$100",
        },
      },
    );
    expect(near.body).toMatchObject({ place: "Bondi NSW 2026", total: 1 });
    expect(near.body.listings[0]).toMatchObject({ id: mower, distanceKm: expect.any(Number) });
    expect((await call("GET", "/listings/{id}", { id: mower })).body.listing.id).toBe(mower);

    // Favourites.
    expect((await call("PUT", "/listings/{id}/favourite", { id: mower }, { as: kylie })).body).toEqual({
      favourite: true,
    });
    expect(
      (await call("GET", "/me/favourites", {}, { as: kylie })).body.listings.map(
        (l: { id: string; isFavourite: boolean }) => [l.id, l.isFavourite],
      ),
    ).toEqual([[mower, true]]);
    expect((await call("DELETE", "/listings/{id}/favourite", { id: mower }, { as: kylie })).body).toEqual({
      favourite: false,
    });

    // A swap: proposed, accepted, paid by both (Kylie from credit, Tom at the checkout), then reviewed.
    const proposed = await call(
      "POST",
      "/swaps",
      {},
      { as: kylie, json: { targetListingId: mower, offeredListingId: drill, message: "Keen to swap?" } },
    );
    expect(proposed.status).toBe(201);
    const swapId = proposed.body.id as string;
    expect((await call("GET", "/swaps", {}, { as: kylie })).body.sent.map((s: { id: string }) => s.id)).toEqual([
      swapId,
    ]);
    expect((await call("GET", "/swaps/{id}", { id: swapId }, { as: tom })).body.swap).toMatchObject({
      status: "pending",
      myRole: "receiver",
      contact: null,
    });
    expect((await call("POST", "/swaps/{id}/accept", { id: swapId }, { as: tom })).body).toEqual({
      status: "accepted",
    });
    await grantCredit(db, kylie.userId, 999);
    expect((await call("POST", "/swaps/{id}/pay", { id: swapId }, { as: kylie })).body).toEqual({ kind: "paid" });
    const checkout = await call("POST", "/swaps/{id}/pay", { id: swapId }, { as: tom });
    expect(checkout.body).toEqual({ kind: "redirect", url: expect.stringContaining("/checkout/") });
    const [pending] = await db
      .select()
      .from(paymentLogs)
      .where(and(eq(paymentLogs.userId, tom.userId), eq(paymentLogs.status, "pending")));
    expect(
      (await postWebhook(JSON.stringify(checkoutCompletedEvent(pending.id, pending.checkoutSessionId)))).status,
    ).toBe(200);
    const done = (await call("GET", "/swaps/{id}", { id: swapId }, { as: kylie })).body.swap;
    expect(done).toMatchObject({ status: "arranging", contact: { name: "Tom O'Brien", email: tom.email } });
    // Both confirm "We've swapped" (decision 096): the second completes it.
    expect((await call("POST", "/swaps/{id}/swapped", { id: swapId }, { as: kylie })).body).toEqual({
      status: "arranging",
    });
    expect((await call("POST", "/swaps/{id}/swapped", { id: swapId }, { as: tom })).body).toEqual({
      status: "completed",
    });
    expect(
      (
        await call(
          "POST",
          "/swaps/{id}/review",
          { id: swapId },
          { as: kylie, json: { rating: 5, comment: "Easy swap." } },
        )
      ).status,
    ).toBe(201);
    const payments = (await call("GET", "/me/payments", {}, { as: tom })).body;
    expect(payments).toMatchObject({
      payments: [{ swapId, status: "completed", provider: "local", amountCents: 999, swapStatus: "completed" }],
      nextCursor: null,
    });
    expect((await call("GET", "/me/payments", {}, { as: kylie })).body.payments).toMatchObject([
      { swapId, provider: "credit", creditCents: 999, amountCents: 0 },
    ]);

    // Two more proposals: one withdrawn, one declined.
    const bike = await list(kylie, "Trek road bike");
    const kayak = await list(tom, "Kayak with paddle");
    const offer = { targetListingId: kayak, offeredListingId: bike };
    const withdrawn = (await call("POST", "/swaps", {}, { as: kylie, json: offer })).body.id;
    expect((await call("POST", "/swaps/{id}/withdraw", { id: withdrawn }, { as: kylie })).body).toEqual({
      status: "withdrawn",
    });
    const declined = (await call("POST", "/swaps", {}, { as: kylie, json: offer })).body.id;
    expect((await call("POST", "/swaps/{id}/decline", { id: declined }, { as: tom })).body).toEqual({
      status: "rejected",
    });
    // A bundle, answered with a counter-offer (decision 103): Tom asks for Kylie's helmet too.
    const helmet = await list(kylie, "Bike helmet");
    const bundle = (await call("POST", "/swaps", {}, { as: kylie, json: { ...offer, moreOffered: [] } })).body.id;
    expect(
      (
        await call(
          "POST",
          "/swaps/{id}/counter",
          { id: bundle },
          { as: tom, json: { give: [kayak], get: [bike, helmet] } },
        )
      ).body,
    ).toEqual({ round: 1 });

    // And out.
    expect((await call("POST", "/auth/sign-out", {}, { as: tom, json: { scope: "local" } })).body).toEqual({
      ok: true,
      scope: "local",
      signedIn: false,
    });
  });

  test("refusals answer in the one documented error shape, with the site's messages", async () => {
    const kylie = await signUp("Kylie Nguyen");
    const tom = await signUp("Tom O'Brien");
    /** The operation ("POST /swaps/{id}") answers `expected` with the error `message`; returns the body. */
    const refused = async (
      operation: string,
      expected: number,
      message: string,
      params: Record<string, string> = {},
      options: CallOptions = {},
    ) => {
      const [method, path] = operation.split(" ");
      const { status, body } = await call(method, path, params, options);
      expect([status, body.error], operation).toEqual([expected, message]);
      return body;
    };

    const bad = await refused(
      "POST /auth/sign-up",
      400,
      "Invalid email address",
      {},
      { json: { email: "nope", password: "short", fullName: "" } },
    );
    expect(Object.keys(bad.fields)).toEqual(["email", "password", "fullName"]);
    await refused(
      "POST /auth/sign-up",
      409,
      "This email is already registered. Please sign in instead.",
      {},
      { json: { email: kylie.email, password: MEMBER_PASSWORD, fullName: "Kylie" } },
    );
    await refused(
      "POST /auth/sign-in",
      401,
      "Invalid email or password",
      {},
      { json: { email: kylie.email, password: "Wrong-password1" } },
    );
    await refused(
      "POST /auth/sign-out",
      400,
      "scope must be local, others or global",
      {},
      { as: kylie, json: { scope: "everything" } },
    );
    await refused(
      "PUT /me/profile",
      400,
      "Please choose a suburb from the list",
      {},
      { as: kylie, json: { fullName: "Kylie", location: "Atlantis" } },
    );
    await refused(
      "POST /auth/sign-in",
      400,
      "The request body is not valid JSON.",
      {},
      { body: '{"email": ', headers: { "content-type": "application/json" } },
    );
    await refused(
      "POST /swaps",
      415,
      "Send JSON: Content-Type: application/json.",
      {},
      { as: kylie, body: "hello", headers: { "content-type": "text/plain" } },
    );
    await refused("POST /auth/sign-in", 413, "Request body too large.", {}, { json: { email: "x".repeat(70_000) } });
    await refused(
      "DELETE /listings/{id}",
      403,
      "Cross-site request refused",
      { id: NOWHERE },
      { as: kylie, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
    );

    const missing = await refused(
      "POST /listings",
      400,
      "Title must be at least 3 characters",
      {},
      { as: kylie, form: await listingForm({ title: "" }) },
    );
    expect(missing.fields).toMatchObject({ title: "Title must be at least 3 characters" });
    await refused(
      "POST /listings",
      415,
      "Send this as multipart/form-data (a listing with its pictures).",
      {},
      { as: kylie, body: JSON.stringify(GOOD_LISTING), headers: { "content-type": "application/json" } },
    );
    await refused("GET /listings/{id}", 404, "Listing not found", { id: NOWHERE });
    await refused("PUT /listings/{id}/favourite", 404, "Listing not found", { id: NOWHERE }, { as: kylie });
    await refused("DELETE /listings/{id}", 404, "Listing not found", { id: NOWHERE }, { as: kylie });

    const mine = await list(kylie, "Weber kettle barbecue");
    const theirs = await list(tom, "Firewire surfboard");
    await refused(
      "PUT /listings/{id}",
      404,
      "Listing not found",
      { id: theirs },
      { as: kylie, form: await listingForm() },
    );
    await refused(
      "POST /swaps",
      403,
      "You cannot propose a swap on your own listing",
      {},
      { as: kylie, json: { targetListingId: mine, offeredListingId: mine } },
    );
    const notOffered = await refused(
      "POST /swaps",
      400,
      "The listing you offered is not available",
      {},
      { as: kylie, json: { targetListingId: theirs, offeredListingId: theirs } },
    );
    expect(notOffered.fields).toEqual({ offeredListingId: "The listing you offered is not available" });
    const swapId = (
      await call("POST", "/swaps", {}, { as: kylie, json: { targetListingId: theirs, offeredListingId: mine } })
    ).body.id;
    await refused(
      "POST /swaps",
      409,
      "You already have a pending proposal for this listing",
      {},
      { as: kylie, json: { targetListingId: theirs, offeredListingId: mine } },
    );
    await refused("GET /swaps/{id}", 404, "Swap proposal not found", { id: NOWHERE }, { as: kylie });
    // A step on the pending swap that is the other party's, or not yet due: refused with the reason.
    const wrongSteps: [operation: string, as: Member, status: number, message: string, json?: unknown][] = [
      ["POST /swaps/{id}/accept", kylie, 403, "Only the receiver can accept this proposal"],
      ["POST /swaps/{id}/withdraw", tom, 403, "Only the proposer can withdraw this proposal"],
      ["POST /swaps/{id}/decline", kylie, 403, "Only the receiver can decline this proposal"],
      ["POST /swaps/{id}/pay", kylie, 409, "This swap is not waiting for payment"],
      ["POST /swaps/{id}/review", kylie, 409, "You can review a swap once it is completed", { rating: 5 }],
      ["POST /swaps/{id}/review", kylie, 400, "Rating must be between 1 and 5", { rating: 9 }],
    ];
    for (const [operation, as, status, message, json] of wrongSteps)
      await refused(operation, status, message, { id: swapId }, { as, json });
    await call("POST", "/swaps/{id}/accept", { id: swapId }, { as: tom });
    await refused("POST /swaps/{id}/decline", 409, "This proposal is no longer pending", { id: swapId }, { as: tom });
    await refused("DELETE /listings/{id}", 409, LISTING_IN_SWAP, { id: mine }, { as: kylie });

    // Over the sign-in limit (5 attempts per e-mail in 5 minutes): 429 with Retry-After.
    for (let i = 0; i < 5; i++)
      await call("POST", "/auth/sign-in", {}, { json: { email: tom.email, password: "Wrong-password1" } });
    const limited = await call("POST", "/auth/sign-in", {}, { json: { email: tom.email, password: MEMBER_PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("conversations and blocks, called as real members, answer within their documented schemas", () => {
  test("ask, write, read the inbox and the thread, mark read, block and unblock; each refusal as documented", async () => {
    const kylie = await signUp("Kylie Nguyen");
    const tom = await signUp("Tom O'Brien");
    const mower = await list(tom, "Ryobi lawn mower");
    const refused = async (operation: string, status: number, message: string, params = {}, options = {}) => {
      const [method, path] = operation.split(" ");
      const answer = await call(method, path, params, options);
      expect([answer.status, answer.body.error], operation).toEqual([status, message]);
      return answer.body;
    };

    const asked = await call("POST", "/listings/{id}/conversation", { id: mower }, { as: kylie });
    expect(asked).toMatchObject({ status: 201, body: { id: expect.any(String), created: true } });
    const id = asked.body.id as string;
    expect((await call("POST", "/listings/{id}/conversation", { id: mower }, { as: kylie })).body).toEqual({
      id,
      created: false,
    });
    const sent = await call(
      "POST",
      "/conversations/{id}/messages",
      { id },
      { as: kylie, json: { body: "Still available? Text me on 0412 345 678" } },
    );
    expect(sent).toMatchObject({
      status: 201,
      body: { message: { masked: ["phone"] }, maskedNote: expect.any(String) },
    });
    const inbox = (await call("GET", "/conversations", {}, { as: tom })).body;
    expect(inbox.conversations).toMatchObject([{ id, unread: 1, lastLine: { masked: true } }]);
    const page = (await call("GET", "/conversations/{id}/messages", { id }, { as: tom, query: { after: "0" } })).body;
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0].body).not.toContain("0412");
    expect((await call("POST", "/conversations/{id}/read", { id }, { as: tom, json: {} })).body).toEqual({
      lastReadSeq: page.messages[0].seq,
    });
    // Tom reports Kylie's line (decision 086); a second report, her own report of it and a stranger's thread refused.
    const report = "POST /conversations/{id}/messages/{messageId}/report";
    const line = { id, messageId: page.messages[0].id as string };
    const reported = await call("POST", "/conversations/{id}/messages/{messageId}/report", line, {
      as: tom,
      json: { reason: "spam", notes: "Asks for my number" },
    });
    expect(reported).toMatchObject({ status: 201, body: { id: expect.any(String), status: "pending" } });
    await refused(report, 409, MESSAGE_ALREADY_REPORTED, line, { as: tom, json: { reason: "spam" } });
    await refused(report, 403, OWN_MESSAGE, line, { as: kylie, json: { reason: "spam" } });
    await refused(report, 400, CHOOSE_A_REASON, line, { as: tom, json: { reason: "boring" } });
    await refused(
      report,
      404,
      "Conversation not found",
      { ...line, id: NOWHERE },
      { as: tom, json: { reason: "spam" } },
    );
    await refused(
      report,
      404,
      MESSAGE_NOT_FOUND,
      { ...line, messageId: NOWHERE },
      { as: tom, json: { reason: "spam" } },
    );
    expect((await call("PUT", "/blocks/{memberId}", { memberId: kylie.userId }, { as: tom })).body).toEqual({
      blocked: true,
    });
    expect((await call("GET", "/blocks", {}, { as: tom })).body.blocked).toMatchObject([{ id: kylie.userId }]);

    await refused(
      "POST /conversations/{id}/messages",
      403,
      "You can't message this member.",
      { id },
      {
        as: kylie,
        json: { body: "Hello?" },
      },
    );
    expect((await call("DELETE", "/blocks/{memberId}", { memberId: kylie.userId }, { as: tom })).body).toEqual({
      blocked: false,
    });
    const empty = await refused(
      "POST /conversations/{id}/messages",
      400,
      "Please write a message.",
      { id },
      {
        as: kylie,
        json: { body: "  " },
      },
    );
    expect(empty.fields).toEqual({ body: "Please write a message." });
    await refused(
      "POST /conversations/{id}/read",
      400,
      "upToSeq must be a whole number, 0 or more.",
      { id },
      {
        as: tom,
        json: { upToSeq: "all" },
      },
    );
    for (const [operation, json] of [
      ["GET /conversations/{id}/messages", undefined],
      ["POST /conversations/{id}/messages", { body: "Hi" }],
      ["POST /conversations/{id}/read", {}],
    ] as const)
      await refused(operation, 404, "Conversation not found", { id: NOWHERE }, { as: tom, json });
    await refused(
      "POST /listings/{id}/conversation",
      403,
      "This is your own listing, so there's no one to message about it.",
      { id: mower },
      { as: tom },
    );
    await refused(
      "POST /listings/{id}/conversation",
      404,
      "This listing is no longer available",
      { id: NOWHERE },
      { as: tom },
    );
    await refused("PUT /blocks/{memberId}", 400, "You can't block yourself.", { memberId: tom.userId }, { as: tom });
    await refused("PUT /blocks/{memberId}", 404, "Member not found", { memberId: "nobody" }, { as: tom });
  });
});

afterAll(() => {
  const operations = documentedRoutes();
  const answered = new Set([...seen].filter((s) => /\s2\d\d$/.test(s)).map((s) => s.replace(/\s\d{3}$/, "")));
  console.log(
    `[openapi] ${operations.size} operations documented, ${answered.size} answered 2xx, ${seen.size} (operation, status) pairs and ${checked} answers checked against their schemas`,
  );
});

test("every documented operation answered successfully at least once in the walk", () => {
  const answered = new Set([...seen].filter((s) => /\s2\d\d$/.test(s)).map((s) => s.replace(/\s\d{3}$/, "")));
  expect([...documentedRoutes()].filter((op) => !answered.has(op))).toEqual([]);
});
