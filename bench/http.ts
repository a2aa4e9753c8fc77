// The benchmark's HTTP tools: autocannon runs (in a child process, bench/load.mjs), one visitor's GET, and the
// bare node:http servers the baselines answer from.
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { CONNECTIONS, DURATION, root, WARMUP } from "./options";

export type LoadResult = {
  requestsPerSec: number;
  requestsTotal: number;
  latencyP50: number;
  latencyP90: number;
  latencyP99: number;
  latencyAvg: number;
  latencyMax: number;
  throughputBytesPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export function load(url: string, headers?: Record<string, string>): Promise<LoadResult> {
  const options = JSON.stringify({ url, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, headers });
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, "bench/load.mjs"), options],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`autocannon failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout.trim().split("\n").pop()!));
      },
    );
  });
}

/**
 * One GET as a visitor, and as autocannon asks: no cookie, no user agent, no compression (`identity`). The
 * body is the raw bytes the app sent.
 */
export function fetchAsVisitor(
  url: string,
): Promise<{ status: number; contentType: string; contentEncoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "identity" }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? "application/octet-stream"),
          contentEncoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.set(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
const servers = new Map<string, http.Server>();
export function closeServer(url: string) {
  return new Promise((resolve) => {
    const server = servers.get(url);
    if (!server) return resolve(undefined);
    server.closeAllConnections();
    server.close(resolve);
  });
}
