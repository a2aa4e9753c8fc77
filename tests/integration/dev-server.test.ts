import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

let child: ChildProcess | undefined;
afterAll(() => {
  // npx, tsx and the server are one process group: end them all.
  if (child?.pid) process.kill(-child.pid, "SIGTERM");
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The local addresses listening on a TCP port, from the kernel's own table (no traffic sent anywhere). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const rows = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").slice(1) : [],
  );
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A")
    .map((cols) => cols[1].split(":")[0]);
}

// The dev server always opens its embedded database (DATA_DIR; TEST_DATABASE_URL is the suite's, not its own): it
// runs in the PGlite pass only, not again, unchanged, in the PostgreSQL one.
test.skipIf(!fs.existsSync("/proc/net/tcp") || Boolean(process.env.TEST_DATABASE_URL))(
  "npm run dev listens on localhost only, so its outbox and stack traces stay on this machine",
  async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-dev-"));
    const { HOST: _host, ...env } = process.env;
    child = spawn("npx", ["tsx", "server/dev.ts"], {
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("dev server did not start")), 240_000);
      child?.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("SwapShed (dev) at")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child?.on("exit", (code) => reject(new Error(`dev server exited with ${code}`)));
    });
    // 127.0.0.1 in /proc/net/tcp's little-endian hex; never 00000000 (every interface).
    expect(listeningAddresses(port)).toEqual(["0100007F"]);
  },
  // Vite's first transform of the whole app takes minutes on a busy two-core CI machine (100 s was seen).
  300_000,
);
