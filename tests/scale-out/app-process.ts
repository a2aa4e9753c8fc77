// Real app processes from the production build, as a deployment runs them: `node scripts/start.mjs` on the
// pinned Node 24 (through npx), each on its own port, stopped with SIGTERM (then SIGKILL) at the end.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type AppProcess = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** The last few kilobytes the process wrote, for the failure message when it dies or never gets ready. */
  output: () => string;
  /** HTTP requests the tests sent it. */
  requests: number;
};

/** A TCP port nothing listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds once, here, if the build is missing or older than the sources (as start.mjs would): two processes
 * started with a stale build would otherwise both run `react-router build` into the same directory at once.
 */
export function ensureProductionBuild() {
  const entry = path.join(root, "build/server/index.js");
  const sources = ["app", "core", "db/schema", "server", "public"].map((d) => path.join(root, d)).filter(fs.existsSync);
  const stale = !fs.existsSync(entry) || Math.max(...sources.map(newestMtime)) > fs.statSync(entry).mtimeMs;
  // A failed build throws with its stderr in the message.
  if (stale) execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
}

/** Only what npx needs from this shell; everything the app reads is given explicitly. */
function baseEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "USER", "LANG", "TMPDIR"];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])));
}

/**
 * Runs `command args` (a way to start `scripts/start.mjs`) in the project on `port` with `env`, in its own
 * process group: npx, its shell and node are stopped together.
 */
export function spawnAppProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  command: string,
  args: string[],
): AppProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...baseEnv(), ...env, PORT: String(port), SKIP_BUILD: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, requests: 0 };
}

/** Starts `node scripts/start.mjs` (Node 24 through npx) in its own process group. */
export function startAppProcess(name: string, port: number, env: Record<string, string>): AppProcess {
  return spawnAppProcess(name, port, env, "npx", ["node", "scripts/start.mjs"]);
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once GET /readyz answers `ready` (the database is reachable and migrated); fails if the process dies. */
export async function waitUntilReady(app: AppProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(app.child))
      throw new Error(
        `process ${app.name} exited (${app.child.exitCode ?? app.child.signalCode}) before it was ready:\n${app.output()}`,
      );
    try {
      const res = await fetch(`${app.url}/readyz`);
      if (res.status === 200 && (await res.text()) === "ready") return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`process ${app.name} was not ready within ${timeoutMs / 1000} s:\n${app.output()}`);
}

/** SIGTERM to the process group (the app's own graceful shutdown), SIGKILL to whatever is left after 10 s. */
export async function stopAppProcess(app: AppProcess) {
  const { child } = app;
  if (child.pid === undefined || !groupAlive(child)) return;
  signalGroup(child, "SIGTERM");
  const deadline = Date.now() + 10_000;
  // npx may exit before node has closed its pool: wait for the whole group, not only the process we spawned.
  while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(child)) signalGroup(child, "SIGKILL");
}

/** Whether any process of the child's group is still there. */
export function groupAlive(child: ChildProcess): boolean {
  try {
    if (child.pid === undefined) return false;
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `signal` to every process of the child's group. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // The group has gone already.
  }
}

/** If the test process itself is torn down before afterAll ran, the app processes go with it. */
export function killOnExit(apps: AppProcess[]) {
  process.once("exit", () => {
    for (const app of apps) signalGroup(app.child, "SIGKILL");
  });
}
