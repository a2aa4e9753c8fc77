import { afterAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
afterAll(() => handle.close());
// Requests arrive through the trusted proxy (app.request's socket is 127.0.0.1), which names the client.
const { post } = createTestApp(handle, { trustedProxy: "127.0.0.1", authAddressLimit: 3 });
const signInFrom = (ip: string, n: number) =>
  post(
    "/api/v1/auth/sign-in",
    { email: `nobody${n}-${ip.replace(/[^0-9a-f]/gi, "")}@example.com.au`, password: "Wrongpass1" },
    { "x-forwarded-for": ip },
  );

describe("the per-address sign-in limit and IPv6", () => {
  test("one /64 is one address: rotating the last 64 bits does not buy more attempts", async () => {
    const statuses = [];
    for (const [i, suffix] of ["a", "b", "c", "d"].entries())
      statuses.push((await signInFrom(`2001:db8:77:1::${suffix}`, i)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  test("another /64 has its own count", async () => {
    expect((await signInFrom("2001:db8:77:2::a", 9)).status).toBe(401);
  });
});
