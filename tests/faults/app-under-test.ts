// One app process from the production build that the fault suite kills with SIGKILL and starts again, as a
// crash (a power cut short of the disk, an OOM kill, `kill -9`) and a process manager's restart would.
import { type ChildProcess, execFileSync } from "node:child_process";
import path from "node:path";
import {
  type AppProcess,
  freePort,
  groupAlive,
  signalGroup,
  spawnAppProcess,
  waitUntilReady,
} from "../scale-out/app-process";

const root = path.resolve(import.meta.dirname, "../..");

let pinnedNode: string | undefined;

/**
 * The pinned Node 24 (the `node` package) that `npx node` runs, resolved through npx once: forty restarts
 * through npx itself would spend a second each finding it again.
 */
function nodeBinary(): string {
  pinnedNode ??= execFileSync("npx", ["node", "-p", "process.execPath"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
  return pinnedNode;
}

export type AppUnderTest = {
  /** The running process (replaced by each restart). */
  current: () => AppProcess;
  /** Starts the process and waits for /readyz; resolves with the milliseconds it took. */
  start: () => Promise<number>;
  /** SIGKILL to the whole process group, resolved once every process of it has gone. */
  kill: () => Promise<void>;
  /** SIGTERM (the app's own shutdown), SIGKILL after 10 s. */
  stop: () => Promise<void>;
};

/** `node scripts/start.mjs` on one port with `env`, in its own process group, started again by each start(). */
export async function appUnderTest(name: string, env: Record<string, string>): Promise<AppUnderTest> {
  const port = await freePort();
  let app: AppProcess | undefined;

  const gone = async (child: ChildProcess, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return !groupAlive(child);
  };

  process.once("exit", () => {
    if (app) signalGroup(app.child, "SIGKILL");
  });

  return {
    current: () => {
      if (!app) throw new Error(`${name} was never started`);
      return app;
    },
    async start() {
      const started = Date.now();
      // The pinned node itself, not npx: see nodeBinary.
      app = spawnAppProcess(name, port, env, nodeBinary(), ["scripts/start.mjs"]);
      await waitUntilReady(app, 60_000);
      return Date.now() - started;
    },
    async kill() {
      if (!app) return;
      signalGroup(app.child, "SIGKILL");
      if (!(await gone(app.child, 10_000))) throw new Error(`${name} survived SIGKILL`);
    },
    async stop() {
      if (!app || !groupAlive(app.child)) return;
      signalGroup(app.child, "SIGTERM");
      if (!(await gone(app.child, 10_000))) {
        signalGroup(app.child, "SIGKILL");
        await gone(app.child, 5_000);
      }
    },
  };
}
