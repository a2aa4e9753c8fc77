import type { MiddlewareHandler } from "hono";

export type SecurityHeaderOptions = {
  production: boolean;
  devServer?: boolean;
  /** Origins a form's answer may redirect to: the configured identity providers' sign-in pages. */
  formActionOrigins?: string[];
};

/**
 * The security headers of one response. `scripts`: what may run besides files from this site, this request's
 * nonce (`'nonce-...'`) or, on a visitor page sent from the shared copies, the hashes of its own inline scripts
 * (decision 062).
 */
export function securityHeaderValues(
  { production, devServer = false, formActionOrigins = [] }: SecurityHeaderOptions,
  scripts: string[],
): Record<string, string> {
  const scriptSrc = devServer ? "'self' 'unsafe-inline'" : ["'self'", ...scripts].join(" ");
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
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=()",
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** Security headers on every response. Scripts run only with this request's nonce. */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const nonce = c.get("nonce" as never) as string | undefined;
    const h = c.res.headers;
    for (const [name, value] of Object.entries(securityHeaderValues(options, nonce ? [`'nonce-${nonce}'`] : [])))
      h.set(name, value);
  };
}
