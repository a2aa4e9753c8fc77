import { describe, expect, test } from "vitest";
import { readFlash, setFlashSecret } from "./flash.server";
import { cookiesOf, flashHeaders, redirectWithFlash } from "./redirect-with-flash.server";

const dev = { env: { NODE_ENV: "development" } } as Parameters<typeof redirectWithFlash>[0];
const production = { env: { NODE_ENV: "production" } } as Parameters<typeof redirectWithFlash>[0];

/** The next request, carrying the cookie the response set. */
const followUp = (setCookie: string) =>
  new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0] } });

describe("redirectWithFlash", () => {
  test("redirects with the signed message, which the next page reads back", async () => {
    setFlashSecret("a-secret-of-this-deployment-0123456789");
    const response = await redirectWithFlash(dev, "/my-listings", { type: "success", message: "Listing deleted" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-listings");
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^flash=.*HttpOnly/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await readFlash(followUp(cookie))).flash).toEqual({ type: "success", message: "Listing deleted" });
  });

  test("the cookie is Secure in production", async () => {
    const response = await redirectWithFlash(production, "/", { type: "error", message: "Swap not found" });
    expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
  });

  test("the use case's cookies (a new session) come first, in their order, then the message", async () => {
    const session = new Headers();
    session.append("Set-Cookie", "better-auth.session_token=abc; Path=/; HttpOnly");
    session.append("Set-Cookie", "better-auth.two_factor=; Max-Age=0; Path=/");
    const headers = await flashHeaders(dev, { type: "success", message: "Welcome back!" }, session);
    const cookies = headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    expect(cookies[0]).toBe("better-auth.session_token=abc; Path=/; HttpOnly");
    expect(cookies[1]).toBe("better-auth.two_factor=; Max-Age=0; Path=/");
    expect((await readFlash(followUp(cookies[2]))).flash).toEqual({ type: "success", message: "Welcome back!" });
  });
});

describe("cookiesOf", () => {
  test("keeps the Set-Cookie headers only, each one apart", () => {
    const answered = new Headers({ "Content-Type": "application/json", Location: "/elsewhere" });
    answered.append("Set-Cookie", "a=1; Path=/");
    answered.append("Set-Cookie", "b=2; Path=/");
    const headers = cookiesOf(answered);
    expect(headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(headers.get("Location")).toBeNull();
    expect(headers.get("Content-Type")).toBeNull();
    expect(cookiesOf(null).getSetCookie()).toEqual([]);
  });
});
