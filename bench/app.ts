// The app under measurement: the production build's site app started in this process on the bench database,
// counting the requests it receives and keeping the render context of the first home page it answers (the
// same-page render baseline). `visit` asks for one page and keeps the SQL the app ran for it.
import crypto from "node:crypto";
import type { EntryContext, ServerBuild } from "react-router";
import { type BenchDatabase, type Captured, startCapturing, stopCapturing } from "./database";
import { freePort } from "./http";
import { log } from "./log";
import { KIND as kind } from "./options";

export type Visit = { status: number; bytes: number; cards: number; queries: Captured[]; body: string };
export type BenchApp = Awaited<ReturnType<typeof startApp>>;

export async function startApp(db: BenchDatabase, serverEntry: string) {
  const { handle, raw, benchUrl, dataDir } = db;
  const { parseEnv } = await import("#server/env.ts");
  const { pathToFileURL } = await import("node:url");
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    RUN_JOBS: "false",
    ALLOW_TEST_PAYMENTS: "true",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    ...(kind === "postgres" ? { DATABASE_URL: benchUrl } : { DATA_DIR: dataDir }),
  });
  const { createSiteApp } = await import(pathToFileURL(serverEntry).href);
  // The render context of the last home page the app answered, kept for the same-page baseline.
  let homeRender: { context: EntryContext; url: string } | undefined;
  const wrapBuild = (build: ServerBuild): ServerBuild => ({
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: async (request, status, headers, context, loadContext) => {
          const response = await build.entry.module.default(request, status, headers, context, loadContext);
          if (!homeRender && request.method === "GET" && new URL(request.url).pathname === "/") {
            homeRender = { context, url: request.url };
          }
          return response;
        },
      },
    },
  });
  // `listen`: the handle's notification listener (the shared page cache hears of changes through it), where
  // the database handle has one.
  const { app } = createSiteApp({ db: handle.db, env, wrapBuild, listen: (handle as { listen?: unknown }).listen });
  const { serve } = await import("@hono/node-server");
  // Requests still being answered: a slow target's backlog (PGlite answers one query at a time) must drain
  // before the next target starts, or it would be charged to the next one.
  let inFlight = 0;
  let received = 0;
  const appServer = serve({
    fetch: async (request: Request) => {
      inFlight++;
      received++;
      try {
        return await app.fetch(request);
      } finally {
        inFlight--;
      }
    },
    port,
    hostname: "127.0.0.1",
  });
  // Also PostgreSQL's own view: statements still running for requests whose client has gone.
  const busyBackends = async () =>
    kind === "postgres"
      ? Number(
          (
            await raw(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
            )
          )[0].n,
        )
      : 0;
  const drained = async () => {
    const start = Date.now();
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      quiet = inFlight === 0 && (await busyBackends()) === 0 ? quiet + 1 : 0;
    }
    return Date.now() - start;
  };
  await new Promise((resolve) => appServer.once("listening", resolve));
  const base = `http://127.0.0.1:${port}`;
  log(`app listening on ${base}`);

  // One request each, capturing the SQL the app runs (and checking that the page works).
  const visit = async (pagePath: string, headers?: Record<string, string>): Promise<Visit> => {
    startCapturing();
    const response = await fetch(base + pagePath, { headers });
    const body = await response.text();
    const queries = stopCapturing();
    const cards = new Set(body.match(/\/listings\/[0-9a-f-]{36}(?=["?])/g) ?? []).size;
    log(
      `${pagePath}${
        headers
          ? ` (${Object.entries(headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join(", ")})`
          : ""
      } -> ${response.status}, ${Buffer.byteLength(body)} bytes, ${cards} listing links, ${queries.length} SQL`,
    );
    return { status: response.status, bytes: Buffer.byteLength(body), cards, queries, body };
  };
  return {
    base,
    visit,
    drained,
    /** Requests the app has received so far, answered or not. */
    received: () => received,
    /** The render context of the first home page the app answered. */
    homeRender: () => homeRender,
    close: () => appServer.close(),
  };
}
