import { afterAll, describe, expect, test } from "vitest";
import { signUpMember } from "../support/api-factories";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
afterAll(() => handle.close());
const testApp = createTestApp(handle);
const member = await signUpMember(testApp);
const get = (path: string, cookie?: string) => testApp.app.request(path, { headers: cookie ? { cookie } : {} });

describe("personal responses are never stored by a proxy or CDN", () => {
  test.each(["/api/v1/swaps", "/api/v1/me", "/api/v1/me/listings", "/api/v1/me/favourites"])(
    "%s is private, no-store for its member",
    async (path) => {
      const res = await get(path, member.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    },
  );

  test("so is a visitor's refusal on a personal route", async () => {
    const res = await get("/api/v1/me");
    expect(res.status).toBe(401);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("any answer to a signed-in request, and any answer that sets a cookie, is private", async () => {
    expect((await get("/api/v1/listings", member.cookie)).headers.get("cache-control")).toBe("private, no-store");
    const signIn = await testApp.post("/api/v1/auth/sign-in", { email: member.email, password: "Swapshed1" });
    expect(signIn.headers.get("set-cookie")).toBeTruthy();
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
  });

  test("a visitor's public listing feed is not marked private", async () => {
    expect((await get("/api/v1/listings")).headers.get("cache-control") ?? "").not.toContain("private");
  });
});
