// One app process from the production build that the fault suite kills with SIGKILL and starts again, as a
// crash (a power cut short of the disk, an OOM kill, `kill -9`) and a process manager's restart would.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { type AppProcess, freePort, waitUntilReady } from "../scale-out/app-process";

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

function baseEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "USER", "LANG", "TMPDIR"];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])));
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

  const groupAlive = (child: ChildProcess) => {
    try {
      if (child.pid === undefined) return false;
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (child: ChildProcess, sig: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, sig);
    } catch {
      // Gone already.
    }
  };
  const gone = async (child: ChildProcess, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return !groupAlive(child);
  };

  process.once("exit", () => {
    if (app) signal(app.child, "SIGKILL");
  });

  return {
    current: () => {
      if (!app) throw new Error(`${name} was never started`);
      return app;
    },
    async start() {
      const started = Date.now();
      const child = spawn(nodeBinary(), ["scripts/start.mjs"], {
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
      app = { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, requests: 0 };
      await waitUntilReady(app, 60_000);
      return Date.now() - started;
    },
    async kill() {
      if (!app) return;
      signal(app.child, "SIGKILL");
      if (!(await gone(app.child, 10_000))) throw new Error(`${name} survived SIGKILL`);
    },
    async stop() {
      if (!app || !groupAlive(app.child)) return;
      signal(app.child, "SIGTERM");
      if (!(await gone(app.child, 10_000))) {
        signal(app.child, "SIGKILL");
        await gone(app.child, 5_000);
      }
    },
  };
}
