import type { MiddlewareHandler } from "hono";

/** /admin, its pages and their data requests (/admin.data, /admin/users.data). */
export function isBackOfficePath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.");
}

/**
 * Back-office answers are never indexed, never stored by a browser or proxy, and leak no referrer: set on the
 * way out of every /admin response, whatever produced it (page, data request, redirect or error).
 */
export function backOfficeHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isBackOfficePath(c.req.path)) return;
    const h = c.res.headers;
    h.set("X-Robots-Tag", "noindex, nofollow");
    h.set("Cache-Control", "no-store");
    h.set("Referrer-Policy", "no-referrer");
    h.set("Cross-Origin-Resource-Policy", "same-origin");
  };
}
