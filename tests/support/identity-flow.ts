// Drives "sign in with an identity provider" over HTTP as a browser would: our route's action, the provider's
// login form (tests/support/oidc-provider.ts), Better Auth's callback on the Hono app, with a cookie jar per site.
import type { AppContext } from "#app/context.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import type { Clock } from "#core/shared/clock.ts";
import { CLIENT_IP_HEADER } from "#core/auth/auth.ts";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import type { Db } from "#db/client.ts";
import type { OidcPerson } from "./oidc-provider";
import { type RouteModule, routeContext } from "./route-context";
import { type createTestApp, TEST_ORIGIN } from "./test-app";

/** The cookies one site has set, sent back as a browser would (expired ones dropped). */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(fragment: string) {
    return [...this.cookies.keys()].some((name) => name.includes(fragment));
  }
}

type TestApp = ReturnType<typeof createTestApp>;
type Deps = { db: Db; clock: Clock; testApp: TestApp };
export type RouteAnswer = {
  status: number;
  location: string | null;
  data: Record<string, unknown> | null;
  response: Response | null;
};

/** The context the Hono app would give a route for a request carrying `jar`'s cookies. */
export function contextWith(deps: Deps, jar: CookieJar) {
  const headers = new Headers({
    cookie: jar.header(),
    "user-agent": "vitest",
    [CLIENT_IP_HEADER]: "203.0.113.9",
    origin: TEST_ORIGIN,
  });
  return routeContext({
    testApp: deps.testApp,
    db: deps.db as AppContext["db"],
    clock: deps.clock,
    meta: { ip: "203.0.113.9", userAgent: "vitest", headers },
    getUser: () => findSessionUser({ db: deps.db, auth: deps.testApp.auth }, headers),
  });
}

/** Runs a route's action (POST `form`) or loader (GET) with `jar`'s cookies; Set-Cookie answers go into the jar. */
export async function callRoute(
  deps: Deps,
  jar: CookieJar,
  module: RouteModule,
  { path, form }: { path: string; form?: Record<string, string> },
): Promise<RouteAnswer> {
  const request = form
    ? new Request(`${TEST_ORIGIN}${path}`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { referer: `${TEST_ORIGIN}${path}` },
      })
    : new Request(`${TEST_ORIGIN}${path}`);
  let answer: unknown;
  try {
    const run = form ? module.action : module.loader;
    answer = await run?.({ request, params: {}, context: contextWith(deps, jar) } as never);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    jar.store(answer);
    return { status: answer.status, location: answer.headers.get("location"), data: null, response: answer };
  }
  const result = answer as
    | { data?: Record<string, unknown>; init?: { status?: number } }
    | Record<string, unknown>
    | null;
  if (result && "init" in result && "data" in result) {
    return {
      status: (result.init as { status?: number })?.status ?? 200,
      location: null,
      data: result.data as Record<string, unknown>,
      response: null,
    };
  }
  return { status: 200, location: null, data: result as Record<string, unknown>, response: null };
}

/**
 * At the provider: opens the authorization URL, fills in its login form as `person` (or cancels), and follows the
 * provider's redirects until it sends the browser back to the app. Returns that URL (the app's callback).
 */
export async function throughProvider(
  authorizationUrl: string,
  person: OidcPerson | "cancel",
  jar = new CookieJar(),
): Promise<URL> {
  let url = new URL(authorizationUrl);
  const provider = url.origin;
  let submitted = false;
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== provider) return url;
    let response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status === 200 && url.pathname.startsWith("/interaction/") && !submitted) {
      const form: Record<string, string> =
        person === "cancel"
          ? { cancel: "1" }
          : { email: person.email, name: person.name, ...(person.emailVerified ? { emailVerified: "on" } : {}) };
      response = await fetch(`${url.origin}${url.pathname}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
      jar.store(response);
      submitted = true;
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error("the provider redirected too many times");
}

/** The app's callback, as the browser would open it with the app's cookies. */
export async function openCallback(testApp: TestApp, jar: CookieJar, url: URL) {
  const response = await testApp.app.request(`${url.pathname}${url.search}`, {
    headers: { cookie: jar.header(), "sec-fetch-site": "cross-site" },
  });
  jar.store(response);
  return { status: response.status, location: response.headers.get("location") };
}

/** The flash message a redirect carries. */
export async function flashOf(response: Response | null) {
  const cookie = response?.headers.get("set-cookie");
  if (!cookie) return null;
  const { flash } = await readFlash(new Request(TEST_ORIGIN, { headers: { cookie: cookie.split(";")[0] } }));
  return flash?.message ?? null;
}
