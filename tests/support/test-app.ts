import { createApp } from "../../server/app";
import { parseEnv } from "../../server/env";
import type { DbHandle } from "../../db/client";
import type { Clock } from "../../core/shared/clock";

export const TEST_ORIGIN = "http://localhost:3000";

/** The real Hono app over a test database, driven with app.request() (no port, no pages). */
export function createTestApp(handle: DbHandle, options: { production?: boolean; clock?: Clock; trustedProxy?: string } = {}) {
  const env = parseEnv({
    NODE_ENV: options.production ? "production" : "test",
    DATABASE_URL: "memory://",
    APP_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: "test-secret-0123456789-0123456789-0123456789",
    TRUSTED_PROXY: options.trustedProxy,
  });
  const { app, auth } = createApp({ db: handle.db, env, clock: options.clock });

  /** A same-origin browser-like JSON POST. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "sec-fetch-site": "same-origin", ...headers },
      body: JSON.stringify(body),
    });

  return { app, auth, env, post };
}

/** The cookie header a browser would send back after this response. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}
