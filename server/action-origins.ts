import type { ServerBuild } from "react-router";

/**
 * Lets the pages' actions accept a POST whose Origin is the site's public address (APP_URL).
 *
 * React Router refuses an action (400, logged as an error) unless the Origin header equals the origin of
 * `request.url`, which @hono/node-server builds from the Host header and the socket: `http://<host>`. Behind a
 * proxy that ends TLS (or routes a public name to a private address) the browser sends `Origin:
 * https://swapshed.com.au` to a process that sees `http://10.0.0.5:3000`, so every form on the site would fail.
 * APP_URL's host is added to the build's allowed action origins. Cross-site POSTs are still refused, earlier, by
 * server/middleware/csrf.ts (Sec-Fetch-Site, else an Origin that is APP_URL or the request's own).
 */
export function allowAppOrigin(build: ServerBuild, appUrl: string): ServerBuild {
  const listed = Array.isArray(build.allowedActionOrigins) ? build.allowedActionOrigins : [];
  const host = new URL(appUrl).host;
  return listed.includes(host) ? build : { ...build, allowedActionOrigins: [...listed, host] };
}
