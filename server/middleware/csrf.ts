import type { MiddlewareHandler } from "hono";

/** Methods that change nothing (RFC 9110 "safe"): no CSRF check, and no change for the page cache to catch up on. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site state changes. Browsers send Sec-Fetch-Site (or at least Origin) on every POST;
 * a request carrying a cookie must prove it came from our own pages. Requests with neither header
 * and no cookie (server-to-server clients, webhooks) carry no ambient credentials to abuse.
 */
export function csrfProtection({
  appOrigin,
  exempt = [],
}: {
  appOrigin: string;
  exempt?: string[];
}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((p) => c.req.path.startsWith(p))) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const requestOrigin = new URL(c.req.url).origin;
    const sameOrigin = (o: string) => o === appOrigin || o === requestOrigin;
    let allowed: boolean;
    if (site) allowed = site === "same-origin" || site === "none";
    else if (origin) allowed = origin !== "null" && sameOrigin(origin);
    else allowed = !c.req.header("cookie");
    if (!allowed) {
      return c.json({ error: "Cross-site request refused" }, 403);
    }
    return next();
  };
}
