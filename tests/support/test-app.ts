import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp, type PageHandler } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";
import type { DbHandle } from "#db/client.ts";
import type { Clock } from "#core/shared/clock.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import type { FileStorage } from "#core/storage/storage.ts";
import { createPageCache } from "#server/page-cache/page-cache.ts";
import { watchForChanges } from "#server/page-cache/freshness.ts";
import { createLiveHub } from "#server/live/live-hub.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import type { ListenFn } from "#db/notifications.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export type TestAppOptions = {
  production?: boolean;
  clock?: Clock;
  trustedProxy?: string;
  /** Upload storage; by default local files in a fresh temp directory (returned as `uploadsDir`). */
  storage?: FileStorage;
  /** Sign-in/sign-up attempts per address per 5 minutes (every test request comes from 127.0.0.1). */
  authAddressLimit?: number;
  /** Turns /metrics on with this bearer token. */
  metricsToken?: string;
  /** More variables, e.g. OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET for a test identity provider. */
  env?: Record<string, string>;
  /** The pages' request handler (tests/support/page-build.ts); without it the app answers the API only. */
  pageHandler?: PageHandler;
  /** Keeps visitor pages and sends them again, as the site does (server/page-cache); close it with `pageCache.close()`. */
  pageCache?: boolean;
  /** Serves /live and has /readyz watch its listener, as the site does (server/live); `listen` replaces the handle's. */
  live?: boolean | { listen: ListenFn };
};

/** The real Hono app over a test database, driven with app.request() (no port; pages only with `pageHandler`). */
export function createTestApp(handle: DbHandle, options: TestAppOptions = {}) {
  const env = parseEnv({
    NODE_ENV: options.production ? "production" : "test",
    DATABASE_URL: "memory://",
    APP_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: "test-secret-0123456789-0123456789-0123456789",
    TRUSTED_PROXY: options.trustedProxy,
    AUTH_ADDRESS_LIMIT: options.authAddressLimit === undefined ? undefined : String(options.authAddressLimit),
    METRICS_TOKEN: options.metricsToken,
    ...options.env,
  });
  // Without a storage of its own, each app gets a fresh directory the test can inspect.
  const uploadsDir = options.storage ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-uploads-"));
  const storage = options.storage ?? createLocalStorage(uploadsDir as string);
  const pageCache = options.pageCache ? createPageCache({ freshness: watchForChanges(handle.listen) }) : undefined;
  const liveHub = options.live
    ? createLiveHub({
        db: handle.db,
        listen: typeof options.live === "object" ? options.live.listen : handle.listen,
        mask: maskContactDetails,
      })
    : undefined;
  const { app, auth } = createApp({
    liveHub,
    db: handle.db,
    env,
    clock: options.clock,
    storage,
    pageHandler: options.pageHandler,
    pageCache,
  });

  /** A same-origin browser-like JSON POST. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "sec-fetch-site": "same-origin", ...headers },
      body: JSON.stringify(body),
    });

  return { app, auth, env, post, storage, uploadsDir, pageCache, liveHub };
}

/** The cookie header a browser would send back after this response. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * The request a use case is told about: from `ip` (one address, or a new one per call) with the browser's cookie.
 * `meta(cookie)` is what a route passes on from the Hono context.
 */
export function requestMeta(ip: string | (() => string)) {
  return (cookie = "") => ({
    ip: typeof ip === "string" ? ip : ip(),
    userAgent: "vitest",
    headers: new Headers(cookie ? { cookie } : {}),
  });
}
