import { describe, expect, test } from "vitest";
import { deferBoot as deferBootBytes } from "./deferred-boot.server";

const deferBoot = (html: string) => deferBootBytes(Buffer.from(html)).toString("utf8");

// The shape React Router 8.4's <Scripts> renders (trimmed from a real home page); the e2e suite checks the
// real build against the browser ("the framework's JavaScript loads after the first paint").
const NONCE = "abc123==";
const preload = (href: string) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`;
const documentWith = (bootBody: string) =>
  `<!DOCTYPE html><html lang="en-AU"><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/><title>SwapShed</title>` +
  `${preload("/assets/entry.client-A.js")}${preload("/assets/jsx-runtime-B.js")}${preload("/assets/root-C.js")}${preload("/assets/home-D.js")}` +
  `</head><body><main><a href="/search">Search</a></main>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {"ssr":true};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${bootBody}</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;

const ROUTER_BOOT = `;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {"url":"/assets/manifest-1.js"};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-A.js");`;

/** Runs the rewritten boot script's module body with stand-ins for the browser, and reports what it did. */
async function runBoot(html: string) {
  const body = html.match(/<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
  const events: string[] = [];
  let paint: () => void = () => {};
  const window: Record<string, unknown> = {};
  const document = {
    createElement: () => ({}),
    head: { append: (link: { href: string }) => events.push(`preload ${link.href}`) },
    addEventListener: () => {},
    visibilityState: "visible",
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    constructor(private callback: (list: unknown, observer: unknown) => void) {}
    observe() {
      paint = () => this.callback({ getEntriesByName: () => [{}] }, this);
    }
    disconnect() {}
  }
  const importModule = async (url: string) => {
    events.push(`import ${url}`);
    return { url };
  };
  const setTimeout = () => 0; // the no-paint fallback never fires here
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  // `import(` is syntax in a module; the stand-in takes its place so the body runs as a function.
  const run = new AsyncFunction(
    "window",
    "document",
    "PerformanceObserver",
    "importModule",
    "setTimeout",
    body.replaceAll("import(", "importModule("),
  );
  const done = run(window, document, PerformanceObserver, importModule, setTimeout);
  await Promise.resolve();
  events.push("painted");
  paint();
  await done;
  return { events, window };
}

describe("deferBoot", () => {
  test("takes the modulepreload links out of <head> and leaves everything else in place", () => {
    const html = documentWith(ROUTER_BOOT);
    const out = deferBoot(html);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain(
      '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/><title>SwapShed</title></head>',
    );
    expect(out).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {"ssr":true};</script>`);
    expect(out).toContain(
      `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`,
    );
    expect(out).toContain(`<script nonce="${NONCE}" type="module" async="">`);
  });

  test("the boot script has no static import left: nothing is fetched before it runs", () => {
    const out = deferBoot(documentWith(ROUTER_BOOT));
    const body = out.match(/type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(body).not.toMatch(/^\s*import\s/m);
    expect(body).not.toMatch(/\bfrom\s+"/);
  });

  test("after the first paint it preloads every module, imports the route modules, then the client entry", async () => {
    const { events, window } = await runBoot(deferBoot(documentWith(ROUTER_BOOT)));
    expect(events).toEqual([
      "painted",
      "preload /assets/entry.client-A.js",
      "preload /assets/jsx-runtime-B.js",
      "preload /assets/root-C.js",
      "preload /assets/home-D.js",
      "import /assets/root-C.js",
      "import /assets/home-D.js",
      "import /assets/entry.client-A.js",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-C.js" },
      "routes/home": { url: "/assets/home-D.js" },
    });
  });

  test("routes with client loaders (several chunks per route) keep React Router's own assembly", async () => {
    const boot = `;
import * as route0_clientLoader from "/assets/root-loader.js";
import * as route0_main from "/assets/root-C.js";
const route0 = {...route0_clientLoader,...route0_main};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-A.js");`;
    const { window } = await runBoot(deferBoot(documentWith(boot)));
    expect(window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-C.js" } });
  });

  test("a document whose boot script has another shape goes out untouched (eager, as React Router wrote it)", () => {
    const unknownShape = documentWith(`import { boot } from "/assets/boot.js"; boot();`);
    expect(deferBoot(unknownShape)).toBe(unknownShape);
    const noScript = "<!DOCTYPE html><html><head></head><body><p>Hello</p></body></html>";
    expect(deferBoot(noScript)).toBe(noScript);
  });
});
