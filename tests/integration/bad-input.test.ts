import { afterAll, describe, expect, test } from "vitest";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { sameOrigin, signUpMember } from "../support/api-factories";
import { TEST_ORIGIN, createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const testApp = createTestApp(handle, { authAddressLimit: 10_000 });
const { app } = testApp;
const member = await signUpMember(testApp);

/** Every row count a refused request might have changed. */
const counts = async () => ({
  users: (await db.select().from(users)).length,
  listings: (await db.select().from(listings)).length,
  swaps: (await db.select().from(swapProposals)).length,
});

/** The API's routes that take a body, read from the app itself (a new one is covered without a test change). */
const bodyRoutes = app.routes
  .filter(
    (r) =>
      ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/v1/") && !r.path.includes("*"),
  )
  .map((r) => ({
    method: r.method,
    path: r.path.replace(/:[a-zA-Z]+(\{[^}]*\})?/g, "0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e"),
  }));

describe("bad input to the JSON API", () => {
  test("the walk finds the API's routes", () => {
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        "POST /api/v1/auth/sign-up",
        "POST /api/v1/auth/sign-in",
        "POST /api/v1/listings",
        "POST /api/v1/swaps",
      ]),
    );
  });

  // [what, headers, body, unreadable]: an unreadable body is a 4xx everywhere; a readable one of the wrong shape
  // is never a 5xx (sign-out, which reads nothing, may answer 200).
  const bodies: [string, Record<string, string>, BodyInit, boolean][] = [
    ["a wrong content type", { "content-type": "text/plain" }, "hello", true],
    ["malformed JSON", { "content-type": "application/json" }, '{"email": ', true],
    [
      "a truncated multipart form",
      { "content-type": "multipart/form-data; boundary=XYZ" },
      '--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nDrill',
      true,
    ],
    ["JSON of the wrong shape", { "content-type": "application/json" }, "[1,2,3]", false],
    ["an empty JSON object", { "content-type": "application/json" }, "{}", false],
    [
      "nulls and numbers",
      { "content-type": "application/json" },
      JSON.stringify({ email: null, password: 12345678, fullName: { a: 1 }, targetListingId: [] }),
      false,
    ],
    [
      "a prototype-pollution key",
      { "content-type": "application/json" },
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
      false,
    ],
  ];

  for (const [what, headers, body, unreadable] of bodies) {
    test(`${what}: ${unreadable ? "a 4xx with a message" : "never a 5xx"} from every route, signed in or not, and nothing changes`, async () => {
      const before = await counts();
      for (const route of bodyRoutes) {
        for (const cookie of [undefined, member.cookie]) {
          // Signing the test's member out would end the session the other requests use.
          if (cookie && route.path.endsWith("/sign-out")) continue;
          const label = `${route.method} ${route.path} (${cookie ? "member" : "visitor"})`;
          const res = await app.request(route.path, {
            method: route.method,
            headers: { ...sameOrigin(cookie), ...headers },
            body,
          });
          expect(res.status, label).toBeLessThan(500);
          if (unreadable || res.status >= 400) {
            expect(res.status, label).toBeGreaterThanOrEqual(400);
            expect(((await res.json()) as { error?: string }).error, label).toEqual(expect.any(String));
          }
        }
      }
      expect(await counts()).toEqual(before);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  }

  test("a JSON listing upload is told to send multipart, not answered with a 500", async () => {
    const res = await app.request("/api/v1/listings", {
      method: "POST",
      headers: { ...sameOrigin(member.cookie), "content-type": "application/json" },
      body: JSON.stringify({ title: "Drill" }),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe("Send this as multipart/form-data (a listing with its pictures).");
  });

  test("signing up without a name says 'Name is required' (not zod's own words)", async () => {
    const res = await testApp.post("/api/v1/auth/sign-up", { email: "noname@example.com.au", password: "Swapshed1" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe("Name is required");
    expect(body.fields.fullName).toBe("Name is required");
  });
});

describe("bodies are bounded", () => {
  /** A body that counts how much of it the server pulled, sent without Content-Length (chunked). */
  function countingStream(totalBytes: number) {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= totalBytes) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return { stream, pulled: () => pulled };
  }

  for (const path of ["/api/v1/auth/sign-in", "/api/v1/auth/sign-up", "/api/v1/swaps"]) {
    test(`an anonymous 100 MB body to ${path} is refused with 413 after reading at most a little over the limit`, async () => {
      const body = countingStream(100 * 1024 * 1024);
      const res = await app.request(path, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
        body: body.stream,
        // @ts-expect-error Node's fetch needs this for a streamed request body
        duplex: "half",
      });
      expect(res.status).toBe(413);
      expect((await res.json()).error).toBe("Request body too large.");
      expect(body.pulled()).toBeLessThan(1024 * 1024);
    });
  }

  test("a declared Content-Length over the limit is refused before any of it is read", async () => {
    const body = countingStream(10 * 1024 * 1024);
    const res = await app.request("/api/v1/auth/sign-in", {
      method: "POST",
      headers: { ...sameOrigin(), "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
      body: body.stream,
      // @ts-expect-error Node's fetch needs this for a streamed request body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  test("the listing upload keeps its own larger limit", async () => {
    const res = await app.request("/api/v1/listings", {
      method: "POST",
      headers: {
        ...sameOrigin(member.cookie),
        "content-type": "multipart/form-data; boundary=XYZ",
        "content-length": String(200 * 1024),
      },
      body: `--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\n${"a".repeat(200 * 1024 - 80)}\r\n--XYZ--\r\n`,
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});
