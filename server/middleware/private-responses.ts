import type { MiddlewareHandler } from "hono";

/** The same for everyone who asks, signed in or not: the API's reference and its document. */
const SHARED = [/^\/api\/docs(\/|$)/, /^\/api\/v1\/openapi\.json$/];

/** Pages and endpoints that are about the person asking, whoever that is (a visitor's is a redirect or a refusal). */
const PERSONAL = [
  /^\/my-(swaps|listings)\b/,
  /^\/account\b/,
  /^\/favourites\b/,
  /^\/checkout\//,
  /^\/create-listing\b/,
  /^\/auth\b/,
  /^\/dev\/outbox\b/,
  // A one-click unsubscribe link names a member (decision 085).
  /^\/unsubscribe\//,
  /^\/api\/v1\/(swaps|me)\b/,
  /^\/api\/auth\//,
];

/**
 * `Cache-Control: private, no-store` on every personal response, so no proxy or CDN ever keeps one: the
 * personal routes above, any request that carries a session cookie, and any response that sets a cookie.
 * Shared files (/assets, public pictures) keep their own caching. Decision 022.
 */
export function privateResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    if (path.startsWith("/assets/") || path.startsWith("/uploads/")) return;
    const signedIn = /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(c.req.header("cookie") ?? "");
    const setsCookie = c.res.headers.has("set-cookie");
    if (setsCookie || (!SHARED.some((p) => p.test(path)) && (signedIn || PERSONAL.some((p) => p.test(path))))) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  };
}
