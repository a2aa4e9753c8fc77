// The whole site in-process, without a build: the Hono app with React Router's own request handler over the route
// modules that app/routes.ts names (loaded by Vitest as the build would bundle them), guarded as server/entry.ts
// guards the production build. Pages answer with their status and headers (the loaders and actions all ran); the
// document itself is not rendered, which this suite does not look at.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createRequestHandler, type ServerBuild } from "react-router";
import routeConfig from "#app/routes.ts";
import type { DbHandle } from "#db/client.ts";
import { allowAppOrigin } from "#server/action-origins.ts";
import { createApp } from "#server/app.ts";
import { createLiveHub } from "#server/live/live-hub.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { parseEnv } from "#server/env.ts";
import { recordRouteErrors } from "#server/observability/route-errors.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import type { Clock } from "#core/shared/clock.ts";
import fs from "node:fs";
import os from "node:os";
import { TEST_ORIGIN } from "../support/test-app";
import { serverBuildShell } from "../support/server-build-shell";

/** One route of the router: its id (as React Router names it, the file without extension), full path and module. */
export type PageRoute = {
  id: string;
  parentId: string | undefined;
  file: string;
  /** The URL pattern it answers, from the root: "/listings/:id/edit"; layouts have none of their own. */
  pattern: string | null;
  index: boolean;
  leaf: boolean;
  module: Record<string, unknown>;
};

const join = (base: string, part: string | undefined) =>
  part === undefined ? base : `${base.replace(/\/$/, "")}/${part}`;

/** Every route in app/routes.ts under the root route, with its module, as the build would list them. */
export async function readPageRoutes(): Promise<PageRoute[]> {
  const out: PageRoute[] = [];
  const root = await import("#app/root.tsx");
  out.push({
    id: "root",
    parentId: undefined,
    file: "root.tsx",
    pattern: null,
    index: false,
    leaf: false,
    module: root,
  });
  async function walk(entries: RouteConfigEntry[], parentId: string, base: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");
      const full = entry.index ? base || "/" : entry.path === undefined ? null : join(base, entry.path);
      const module = (await import(/* @vite-ignore */ path.resolve("app", entry.file))) as Record<string, unknown>;
      const children = entry.children ?? [];
      out.push({
        id,
        parentId,
        file: entry.file,
        pattern: full === null ? null : full || "/",
        index: !!entry.index,
        leaf: children.length === 0,
        module,
      });
      await walk(children, id, full ?? base);
    }
  }
  await walk(routeConfig as RouteConfigEntry[], "root", "");
  return out;
}

/** A server build over those modules. Its document "render" answers the status and headers React Router decided. */
export function serverBuildOf(routes: PageRoute[]): ServerBuild {
  const manifestRoutes: Record<string, unknown> = {};
  const buildRoutes: ServerBuild["routes"] = {};
  for (const r of routes) {
    const path = r.id === "root" ? "" : (routeConfigPath.get(r.id) ?? undefined);
    const shape = { id: r.id, parentId: r.parentId, path, index: r.index || undefined, caseSensitive: undefined };
    buildRoutes[r.id] = { ...shape, module: r.module as never };
    manifestRoutes[r.id] = {
      ...shape,
      module: `/${r.id}.js`,
      hasAction: typeof r.module.action === "function",
      hasLoader: typeof r.module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: typeof r.module.ErrorBoundary === "function",
    };
  }
  return serverBuildShell({
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => new Response(null, { status, headers }),
        // Errors are counted by status here (a 5xx fails the suite), not logged.
        handleError: () => {},
      },
    },
    routes: buildRoutes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: manifestRoutes,
      url: "/manifest.js",
      version: "test",
    },
  });
}

/** The `path` each route declares in routes.ts (relative to its parent), by route id. */
const routeConfigPath = new Map<string, string | undefined>();
(function collect(entries: RouteConfigEntry[]) {
  for (const e of entries) {
    routeConfigPath.set(e.id ?? e.file.replace(/\.[a-z0-9]+$/i, ""), e.path);
    collect(e.children ?? []);
  }
})(routeConfig as RouteConfigEntry[]);

export type SiteOptions = { clock?: Clock; env?: Record<string, string> };

/** The real Hono app with the pages, over a test database. */
export async function createSiteApp(handle: DbHandle, routes: PageRoute[], options: SiteOptions = {}) {
  const env = parseEnv({
    DATABASE_URL: "memory://",
    APP_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: "test-secret-0123456789-0123456789-0123456789",
    AUTH_ADDRESS_LIMIT: "100000",
    ...options.env,
  });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-uploads-"));
  const storage = createLocalStorage(uploadsDir);
  const build = allowAppOrigin(recordRouteErrors(serverBuildOf(routes)), env.APP_URL);
  const pageHandler = createRequestHandler(build, "production");
  // /live as the site serves it (server/live), so the matrix walks it too.
  const liveHub = createLiveHub({ db: handle.db, listen: handle.listen, mask: maskContactDetails });
  await liveHub.ready();
  const { app, auth } = createApp({ db: handle.db, env, clock: options.clock, storage, pageHandler, liveHub });
  return { app, auth, env, storage, uploadsDir };
}
