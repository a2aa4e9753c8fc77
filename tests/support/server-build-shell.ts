import type { ServerBuild } from "react-router";

/**
 * A React Router server build around the given entry, routes and assets manifest, with the settings the Vite
 * plugin writes for this app (SSR, lazy route discovery, no prerendering). The tests' hand-made builds
 * (tests/support/page-build.ts, tests/security/site.ts, server/action-origins.test.ts) differ only in those three.
 */
export function serverBuildShell(parts: { entry: unknown; routes: unknown; assets: unknown }): ServerBuild {
  return {
    ...parts,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
