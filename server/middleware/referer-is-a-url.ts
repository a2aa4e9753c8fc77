import type { MiddlewareHandler } from "hono";
import { SAFE_METHODS } from "./csrf";

/**
 * A form sent while signed out goes back to the page it came from, read from its Referer (app/lib/require-user.server.ts).
 * Browsers always send a URL there; anything else is a hand-made request and gets a 400 before any route runs, not a
 * 500 and an error row per request (attack F9). Pages read with GET do not use the header and are left alone.
 */
export function refererIsAUrl(): MiddlewareHandler {
  return async (c, next) => {
    const referer = c.req.header("referer");
    if (referer === undefined || SAFE_METHODS.has(c.req.method) || URL.canParse(referer, c.req.url)) return next();
    return c.req.path.startsWith("/api/")
      ? c.json({ error: "The Referer header is not a URL." }, 400)
      : c.text("Bad Request: the Referer header is not a URL.", 400);
  };
}
