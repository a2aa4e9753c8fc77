// The site's pages in-process, without a production build: the same server build React Router's Vite plugin
// generates (virtual:react-router/server-build: app/routes.ts flattened, each route's module, app/root.tsx and
// app/entry.server.tsx), wrapped as server/entry.ts wraps it (recordRouteErrors, allowAppOrigin). Vitest runs
// before `npm run build` in CI, so tests that post forms to pages through the Hono app use this.
import path from "node:path";
import {
  createRequestHandler,
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import * as entryServer from "#app/entry.server.tsx";
import * as rootModule from "#app/root.tsx";
import routeConfig from "#app/routes.ts";
import { allowAppOrigin } from "#server/action-origins.ts";
import type { PageHandler } from "#server/app.ts";
import { recordRouteErrors } from "#server/observability/route-errors.ts";
import { serverBuildShell } from "./server-build-shell";

type ConfigEntry = {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: ConfigEntry[];
};
type RouteModule = Record<string, unknown>;
export type PageRoute = {
  id: string;
  parentId: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
};

/** app/routes.ts as React Router's manifest: ids are file paths without extension, top-level routes hang off root. */
export function pageRoutes(): PageRoute[] {
  const routes: PageRoute[] = [];
  const walk = (entry: ConfigEntry, parentId: string) => {
    const id = entry.id ?? path.normalize(entry.file.replace(/\.[a-z0-9]+$/i, ""));
    routes.push({
      id,
      parentId,
      file: entry.file,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
    });
    for (const child of entry.children ?? []) walk(child, id);
  };
  for (const entry of routeConfig as ConfigEntry[]) walk(entry, "root");
  return routes;
}

// Vite resolves each import below from app/: one module per file, loaded once per worker.
const routeModules = import.meta.glob<RouteModule>([
  "../../app/routes/**/*.tsx",
  "../../app/routes/**/*.ts",
  "!../../app/routes/**/*.test.ts",
]);

async function loadModule(file: string): Promise<RouteModule> {
  const load = routeModules[`../../app/${file}`];
  if (!load) throw new Error(`no route module for ${file}`);
  return withProps(await load());
}

type Component = Parameters<typeof UNSAFE_withComponentProps>[0];

/**
 * The plugin's transform of a route module: its component, ErrorBoundary and HydrateFallback receive their props
 * (loaderData, actionData, params, matches, error) from the router, as `export default` does in the build.
 */
function withProps(module: RouteModule): RouteModule {
  const wrapped: RouteModule = { ...module };
  if (typeof module.default === "function") wrapped.default = UNSAFE_withComponentProps(module.default as Component);
  if (typeof module.ErrorBoundary === "function")
    wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  if (typeof module.HydrateFallback === "function")
    wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never);
  return wrapped;
}

let built: Promise<ServerBuild> | undefined;

/** The server build, as the Vite plugin makes it (modules loaded once). */
export function loadServerBuild(): Promise<ServerBuild> {
  built ??= (async () => {
    const root = withProps(rootModule);
    const routes: Record<string, unknown> = { root: { id: "root", path: "", module: root } };
    const manifestRoutes: Record<string, unknown> = { root: manifestEntry("root", undefined, "", undefined, root) };
    for (const route of pageRoutes()) {
      const module = await loadModule(route.file);
      routes[route.id] = {
        id: route.id,
        parentId: route.parentId,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        module,
      };
      manifestRoutes[route.id] = manifestEntry(route.id, route.parentId, route.path, route.index, module);
    }
    return serverBuildShell({
      entry: { module: entryServer },
      routes,
      assets: {
        entry: { module: "/assets/entry.client.js", imports: [] },
        routes: manifestRoutes,
        url: "/assets/manifest.js",
        version: "test",
      },
    });
  })();
  return built;
}

function manifestEntry(
  id: string,
  parentId: string | undefined,
  routePath: string | undefined,
  index: boolean | undefined,
  module: RouteModule,
) {
  return {
    id,
    parentId,
    path: routePath,
    index,
    hasAction: typeof module.action === "function",
    hasLoader: typeof module.loader === "function",
    hasClientAction: typeof module.clientAction === "function",
    hasClientLoader: typeof module.clientLoader === "function",
    hasClientMiddleware: false,
    hasErrorBoundary: typeof module.ErrorBoundary === "function",
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
  };
}

/**
 * React's complaint about the stylesheet link in app/root.tsx: under Vitest a CSS import's `?url` is "" (CSS is
 * not processed), so the rendered <link href=""> is an artefact of the test run, not of the page.
 */
function isCssStubWarning(args: unknown[]): boolean {
  const [message, ...rest] = args.map(String);
  return (
    (message.includes("with a `precedence` prop and expected the `href` prop to be a non-empty string") &&
      rest.includes("an empty string")) ||
    (message.startsWith('An empty string ("") was passed to the %s attribute.') && rest[0] === "href")
  );
}

/** The pages' request handler as server/entry.ts builds it: route errors recorded, APP_URL's origin allowed. */
export async function createPageHandler(env: { APP_URL: string; NODE_ENV: string }): Promise<PageHandler> {
  const build = allowAppOrigin(recordRouteErrors(await loadServerBuild()), env.APP_URL);
  const handler = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
  return async (request, context) => {
    const report = console.error;
    console.error = (...args: unknown[]) => {
      if (!isCssStubWarning(args)) report(...args);
    };
    try {
      return await handler(request, context);
    } finally {
      console.error = report;
    }
  };
}
