// `npm start`: build if the build is missing or older than the sources, then serve on PORT (3000).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";

const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "core", "db/schema", "server", "public"].map((d) => path.join(root, d)).filter(fs.existsSync);
const stale = !fs.existsSync(serverEntry) || Math.max(...sources.map(newestMtime)) > fs.statSync(serverEntry).mtimeMs;
if (stale && process.env.SKIP_BUILD !== "1") {
  console.log("Building SwapShed (first start or sources changed)...");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}

process.env.NODE_ENV ??= "production";
const { startApp } = await import(serverEntry);
let started;
try {
  started = await startApp({ clientDir: path.relative(process.cwd(), path.join(root, "build/client")) || "." });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { app, env, handle, stopBackground } = started;
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`SwapShed is running at http://localhost:${info.port}`);
});
// Node closes an idle keep-alive connection after 5 s. A client that sends its next request on that connection as
// the close is on its way gets ECONNRESET: a proxy in front (a load balancer keeps idle connections 60 s) answers a
// member with a 502, and on a loaded CI machine a browser test's API call failed so. Idle connections are kept
// longer than any proxy's idle timeout, so it is always the client that closes them; headers must still arrive
// within their own limit, which Node requires to be above the keep-alive one.
server.keepAliveTimeout = 75_000;
server.headersTimeout = 76_000;

async function shutdown() {
  server.close();
  await stopBackground();
  await handle.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
