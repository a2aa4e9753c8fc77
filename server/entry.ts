// The SSR build's entry: the Hono app, routes, context, database and auth in one bundle, so
// there is exactly one `appContext` key (see docs/decisions/002-hono-custom-server.md).
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { createApp } from "./app";
import { openAppDatabase } from "./boot";
import { parseEnv } from "./env";

export async function startApp(options: { clientDir: string }) {
  const env = parseEnv();
  const handle = await openAppDatabase(env);
  const pageHandler = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
  const statics = new Hono();
  // Hashed assets never change: cache them for a year. Everything else revalidates.
  statics.use(
    "/assets/*",
    serveStatic({
      root: options.clientDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  statics.use("*", serveStatic({ root: options.clientDir }));
  const { app } = createApp({ db: handle.db, env, pageHandler, staticFiles: statics });
  return { app, env, handle };
}
