import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";

const THRESHOLD = 1024; // hono/compress's default
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Adds `Vary: Accept-Encoding` exactly where hono/compress would, but on `c.res.headers` in place.
 * Registered right after compress(), so it runs first on the way out; compress then finds the header and
 * leaves the response alone unless it really compresses. compress sets it with `c.header()`, which rebuilds
 * a finished response from `res.body`: that turns @hono/node-server's lightweight string response (written
 * with one `res.end`) into a web stream read chunk by chunk, on every uncompressed page and API answer.
 */
export function varyAcceptEncoding(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const length = headers.get("Content-Length");
    const type = headers.get("Content-Type");
    if (
      c.res.status === 206 ||
      headers.has("Content-Encoding") ||
      headers.has("Transfer-Encoding") ||
      c.req.method === "HEAD" ||
      (length && Number(length) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const vary = headers.get("Vary");
    if (vary === "*" || (vary && VARY_ACCEPT_ENCODING.test(vary))) return;
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  };
}
