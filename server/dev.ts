// `npm run dev`: Vite in middleware mode inside our own HTTP server, with HMR on the same port.
// The Hono app is loaded through Vite (ssrLoadModule), so edits to routes and core reload live.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer } from "vite";
import { devHost } from "./dev-host";
import { parseEnv } from "./env";

process.env.NODE_ENV ??= "development";
const env = parseEnv();
const httpServer = http.createServer();
const vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer } }, appType: "custom" });

const { openAppDatabase } = (await vite.ssrLoadModule("./server/boot.ts")) as typeof import("./boot");
const handle = await openAppDatabase(env);
{
  const { createSiteApp } = (await vite.ssrLoadModule("./server/entry.ts")) as typeof import("./entry");
  const { prepareDemoStaff } = (await vite.ssrLoadModule("./server/demo-staff.ts")) as typeof import("./demo-staff");
  await prepareDemoStaff({ db: handle.db, auth: createSiteApp({ db: handle.db, env, devServer: true }).auth, env });
}

httpServer.on("request", (req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      // Loaded per request so that edits show up at once; Vite caches unchanged modules.
      const { createSiteApp } = (await vite.ssrLoadModule("./server/entry.ts")) as typeof import("./entry");
      const { app } = createSiteApp({ db: handle.db, env, devServer: true });
      await getRequestListener(app.fetch)(req, res);
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      res.statusCode = 500;
      res.end(String((error as Error).stack));
    }
  });
});
// Development shows every mail at /dev/outbox and runs unminified with stack traces: this machine only, unless
// HOST names an interface on purpose.
const host = devHost(process.env.HOST);
httpServer.listen(env.PORT, host, () =>
  console.log(`SwapShed (dev) at http://${host === "127.0.0.1" ? "localhost" : host}:${env.PORT}`),
);
