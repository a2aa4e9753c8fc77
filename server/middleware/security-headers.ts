import type { MiddlewareHandler } from "hono";

/** Security headers on every response. Scripts run only with this request's nonce. */
export function securityHeaders({
  production,
  devServer = false,
  formActionOrigins = [],
}: {
  production: boolean;
  devServer?: boolean;
  /** Origins a form's answer may redirect to: the configured identity providers' sign-in pages. */
  formActionOrigins?: string[];
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const nonce = c.get("nonce" as never) as string | undefined;
    const scriptSrc = devServer ? "'self' 'unsafe-inline'" : `'self'${nonce ? ` 'nonce-${nonce}'` : ""}`;
    const csp = [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      // React writes style attributes; no script can be injected through styles.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${devServer ? " ws: wss:" : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self'${formActionOrigins.map((o) => ` ${o}`).join("")}`,
      "frame-ancestors 'none'",
    ].join("; ");
    const h = c.res.headers;
    h.set("Content-Security-Policy", csp);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    if (production) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
