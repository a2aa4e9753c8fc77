import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { serverBuildShell } from "#tests/support/server-build-shell.ts";
import { allowAppOrigin } from "./action-origins";

// A one-route site: React Router's own request handler, with a form action at "/" that says it ran.
const site = serverBuildShell({
  entry: {
    module: {
      // The page: what the action answered, as the rendered document would show it.
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        context: { staticHandlerContext: { actionData: unknown } },
      ) => Response.json(context.staticHandlerContext.actionData, { status, headers }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { action: async () => ({ ran: true }), default: () => null } },
  },
  assets: {
    entry: { module: "/entry.js", imports: [] },
    routes: {
      root: {
        id: "root",
        path: "",
        hasAction: true,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
        module: "/root.js",
      },
    },
    url: "/manifest.js",
    version: "1",
  },
});

/** A form POST as it reaches a process behind a proxy that ends TLS: the process sees its own address. */
const postFrom = (origin: string) =>
  new Request("http://10.0.0.5:3000/", {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: "q=1",
  });

describe("page actions behind a proxy", () => {
  test("a form posted from the public address (APP_URL) reaches its action, though the process sees another address", async () => {
    const handler = createRequestHandler(allowAppOrigin(site, "https://swapshed.test"), "production");
    const answer = await handler(postFrom("https://swapshed.test"));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ root: { ran: true } });
  });

  test("without it React Router refuses that form, and still refuses one posted from any other site", async () => {
    const quiet = { ...site, entry: { module: { ...site.entry.module, handleError: () => {} } } } as ServerBuild;
    expect((await createRequestHandler(quiet, "production")(postFrom("https://swapshed.test"))).status).toBe(400);
    const guarded = createRequestHandler(allowAppOrigin(quiet, "https://swapshed.test"), "production");
    expect((await guarded(postFrom("https://evil.example"))).status).toBe(400);
    expect((await guarded(postFrom("http://swapshed.test.evil.example"))).status).toBe(400);
  });

  test("APP_URL's host is added once to whatever the build already allows", () => {
    const once = allowAppOrigin(
      allowAppOrigin({ ...site, allowedActionOrigins: ["partner.example"] }, "https://swapshed.test:8443"),
      "https://swapshed.test:8443",
    );
    expect(once.allowedActionOrigins).toEqual(["partner.example", "swapshed.test:8443"]);
  });
});
