// The SSR build's entry: the Hono app, routes, context, database and auth in one bundle, so
// there is exactly one `appContext` key (see docs/decisions/002-hono-custom-server.md).
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import type { Database } from "#db/client.ts";
import { createApp } from "./app";
import { openAppDatabase } from "./boot";
import { type Env, parseEnv } from "./env";
import { startBackgroundWork } from "./background";
import { systemClock } from "#core/shared/clock.ts";
import { logger } from "#core/shared/logger.ts";
import type pg from "pg";
import { describeBoot } from "./describe-boot";
import { recordRouteErrors } from "./observability/route-errors";
import { allowAppOrigin } from "./action-origins";
import type { ListenFn } from "#db/notifications.ts";
import { createPageCache } from "./page-cache/page-cache";
import { watchForChanges } from "./page-cache/freshness";
import { prepareDemoStaff } from "./demo-staff";
import { createLiveHub } from "./live/live-hub";
import { maskContactDetails } from "#core/conversations/contact-details.ts";

/**
 * The whole site: HTTP API, auth and the React Router pages. `wrapBuild` lets the benchmark watch the pages
 * being rendered (it keeps one page's render context for its renderToString baseline); the app never sets it.
 */
export function createSiteApp(options: {
  db: Database;
  env: Env;
  staticFiles?: Hono;
  devServer?: boolean;
  dbPool?: pg.Pool;
  wrapBuild?: (serverBuild: ServerBuild) => ServerBuild;
  /** The database's LISTEN/NOTIFY: with it, visitor pages are kept and sent again until something changes. */
  listen?: ListenFn;
}) {
  const { wrapBuild, listen, ...appOptions } = options;
  // Unexpected errors in loaders and actions are recorded for System Logs, with the id the error page shows.
  // Behind a proxy the browser's Origin is APP_URL, not the address this process sees (action-origins.ts).
  const guarded = allowAppOrigin(recordRouteErrors(build as ServerBuild), options.env.APP_URL);
  const serverBuild = wrapBuild ? wrapBuild(guarded) : guarded;
  const pageHandler = createRequestHandler(
    serverBuild,
    options.env.NODE_ENV === "production" ? "production" : "development",
  );
  const pageCache = listen ? createPageCache({ freshness: watchForChanges(listen) }) : undefined;
  // Members' open tabs hear of new lines and notices from whichever process committed them (decision 084).
  const liveHub = listen ? createLiveHub({ db: options.db, listen, mask: maskContactDetails }) : undefined;
  return { ...createApp({ ...appOptions, pageHandler, pageCache, liveHub }), pageCache, liveHub };
}

/** Production start: open (and migrate) the database, serve build/client, answer everything else. */
export async function startApp(options: { clientDir: string }) {
  const env = parseEnv();
  for (const { part, value } of describeBoot(env)) logger.info(`boot: ${part}`, { part, value });
  const handle = await openAppDatabase(env);
  const statics = new Hono();
  const publicFiles = serveStatic({ root: options.clientDir, precompressed: true });
  // Hashed assets never change: cache them for a year. Everything else revalidates. `precompressed`: the build
  // wrote .br/.gz copies (scripts/vite-precompress.ts), sent with Content-Encoding and Vary to browsers that
  // accept them, so hono/compress has nothing left to do for these files.
  statics.use(
    "/assets/*",
    serveStatic({
      root: options.clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // The other files in public/ (favicon.svg and the like) all have an extension; a page's path never asks
  // the disk first.
  statics.use("*", async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
  const { app, auth, pageCache, liveHub } = createSiteApp({
    db: handle.db,
    env,
    staticFiles: statics,
    dbPool: handle.pool,
    listen: handle.listen,
  });
  // Before the first request: the demo's staff exist (with passwords only this console saw) before anyone can
  // register their addresses.
  await prepareDemoStaff({ db: handle.db, auth, env });
  const stopJobs = env.RUN_JOBS ? startBackgroundWork({ db: handle.db, clock: systemClock, env }) : async () => {};
  const stopBackground = async () => {
    await stopJobs();
    await pageCache?.close();
    await liveHub?.close();
  };
  return { app, env, handle, stopBackground };
}
