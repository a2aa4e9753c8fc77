import { afterAll, describe, expect, test } from "vitest";
import { auditLogs } from "#db/schema/audit.ts";
import { sameOrigin, signUpMember } from "../support/api-factories";
import { makeNoisePng } from "../support/images";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

// Attack turn 3, F8 and F9: what an anonymous request costs the server before anyone knows who sent it.

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" });
const testApp = createTestApp(handle, { production: true, pageHandler, authAddressLimit: 10_000 });
const { app } = testApp;
const member = await signUpMember(testApp);

/** A body that counts how much of it the server pulled. */
function countingBody(prefix: string, totalBytes: number) {
  let pulled = 0;
  const head = new TextEncoder().encode(prefix);
  const chunk = new Uint8Array(64 * 1024).fill(97);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

const MULTIPART = "multipart/form-data; boundary=XYZ";
const filePart = `--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n--XYZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

describe("F8: /account reads a large body only from a signed-in member sending a file", () => {
  test("an anonymous 6 MB picture upload to /account is refused with 413 after reading no more than the 64 KB limit", async () => {
    for (const path of ["/account", "/account.data"]) {
      const declared = countingBody(filePart, 6 * 1024 * 1024);
      const refused = await app.request(path, {
        method: "POST",
        headers: { ...sameOrigin(), "content-type": MULTIPART, "content-length": String(6 * 1024 * 1024) },
        body: declared.stream,
        // @ts-expect-error Node's fetch needs this for a streamed request body
        duplex: "half",
      });
      expect(refused.status, path).toBe(413);
      expect(declared.pulled(), path).toBeLessThanOrEqual(64 * 1024);
      // Sent without a length (chunked): cut off as it streams.
      const chunked = countingBody(filePart, 6 * 1024 * 1024);
      const cut = await app.request(path, {
        method: "POST",
        headers: { ...sameOrigin(), "content-type": MULTIPART },
        body: chunked.stream,
        // @ts-expect-error Node's fetch needs this for a streamed request body
        duplex: "half",
      });
      expect(cut.status, path).toBe(413);
      expect(chunked.pulled(), path).toBeLessThan(256 * 1024);
    }
  });

  test("a signed-in member's form without a file keeps the 64 KB limit; their picture upload still gets through", async () => {
    const form = new URLSearchParams({ intent: "details", fullName: "a".repeat(100 * 1024) });
    const tooBig = await app.request("/account?index", {
      method: "POST",
      headers: { ...sameOrigin(member.cookie), "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(tooBig.status).toBe(413);

    const upload = new FormData();
    upload.set("intent", "avatar");
    // About 900 KB: over the 64 KB every other form keeps.
    const picture = await makeNoisePng({ width: 600, height: 500 });
    expect(picture.length).toBeGreaterThan(64 * 1024);
    upload.set("avatar", new File([new Uint8Array(picture)], "me.png", { type: "image/png" }));
    const sent = await app.request("/account?index", {
      method: "POST",
      headers: sameOrigin(member.cookie),
      body: upload,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/account");
  });
});

describe("F9: a Referer that is not a URL", () => {
  test("an anonymous form with a malformed Referer gets a 400, and writes no error row", async () => {
    const before = (await db.select().from(auditLogs)).length;
    for (const referer of ["http://[", "http://exa mple.com/", "https://:80", "http://%zz/"]) {
      const res = await app.request("/my-listings", {
        method: "POST",
        headers: { ...sameOrigin(), "content-type": "application/x-www-form-urlencoded", referer },
        body: "intent=delete&id=x",
      });
      expect(res.status, referer).toBe(400);
    }
    expect(await db.select().from(auditLogs)).toHaveLength(before);
    // A well-formed Referer still brings a signed-out visitor back to where they were after signing in.
    const fine = await app.request(`${TEST_ORIGIN}/my-listings`, {
      method: "POST",
      headers: {
        ...sameOrigin(),
        "content-type": "application/x-www-form-urlencoded",
        referer: `${TEST_ORIGIN}/listings/abc`,
      },
      body: "intent=delete&id=x",
    });
    expect(fine.status).toBe(302);
    expect(fine.headers.get("location")).toBe("/auth?redirectTo=%2Flistings%2Fabc");
  });
});
