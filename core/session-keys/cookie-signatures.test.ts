import { describe, expect, test } from "vitest";
import { sign, signOutgoingCookie, verifyIncomingCookies } from "./cookie-signatures";

const inner = "better-auth-secret-of-this-deployment-0123456789";
const current = "b".repeat(64);
const retired = "c".repeat(64);
const signed = (name: string, value: string, key: string) =>
  `${name}=${encodeURIComponent(`${value}.${sign(value, key)}`)}`;

describe("session cookies at the app's edge", () => {
  test("a cookie signed with an accepted key reaches Better Auth signed with its secret; other cookies pass untouched", () => {
    const header = `flash=abc; ${signed("better-auth.session_token", "tok123", retired)}; sidebar_state=expanded`;
    expect(verifyIncomingCookies(header, { accepted: [current, retired], innerKey: inner })).toBe(
      `flash=abc; ${signed("better-auth.session_token", "tok123", inner)}; sidebar_state=expanded`,
    );
  });

  test("a signed auth cookie with no accepted key's signature, or no signature at all, is dropped", () => {
    const header = `${signed("__Secure-better-auth.session_token", "tok123", "unknown-key")}; better-auth.dont_remember=true; theme=dark`;
    expect(verifyIncomingCookies(header, { accepted: [current], innerKey: inner })).toBe("theme=dark");
  });

  test("going out, Better Auth's signature is replaced by the current key's, attributes kept; deletions and other cookies untouched", () => {
    const setCookie = `${signed("better-auth.session_token", "tok123", inner)}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`;
    expect(signOutgoingCookie(setCookie, { current, innerKey: inner })).toBe(
      `${signed("better-auth.session_token", "tok123", current)}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
    );
    const deletion = "better-auth.session_token=; Max-Age=0; Path=/";
    expect(signOutgoingCookie(deletion, { current, innerKey: inner })).toBe(deletion);
    expect(signOutgoingCookie("flash=xyz; Path=/", { current, innerKey: inner })).toBe("flash=xyz; Path=/");
    // Before any rotation the current key is Better Auth's secret: nothing changes.
    expect(signOutgoingCookie(setCookie, { current: inner, innerKey: inner })).toBe(setCookie);
  });
});
