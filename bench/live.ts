// `npx tsx bench/live.ts` (and the last step of `npm run bench`): live updates over Server-Sent Events (decision 084).
//   (a) One app process holds 5,000 idle event streams: its memory per stream (RSS and JS heap after a full GC,
//       before and after, ÷ 5,000; goal ≤ 20 KB) and its CPU while they idle (over 30 s, one heartbeat included).
//   (b) 1,000 members connected to two app processes over PostgreSQL (half on each): a message sent through one
//       process (the real sendMessage, one transaction, its NOTIFY at commit) reaches the other member's open
//       stream on the other process: latency from the send's request to the line on the stream, p50 and p99
//       (goal p99 ≤ 250 ms). Needs PostgreSQL (LIVE_BENCH_DATABASE_URL, TEST_DATABASE_URL or a postgres
//       DATABASE_URL): skipped with a line saying so without one.
// Each process is bench/live-server.ts in a child process (the route and hub as the site mounts them); the streams'
// client ends live in this process, so they never count in the measured process's memory.
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { log } from "./log";
import { check } from "./targets";

const root = path.resolve(import.meta.dirname, "..");
const IDLE_STREAMS = Number(process.env.LIVE_BENCH_STREAMS ?? 5_000);
const FANOUT_MEMBERS = Number(process.env.LIVE_BENCH_MEMBERS ?? 1_000);
const IDLE_WINDOW_MS = 30_000;
const SENDS_AT_ONCE = Math.max(1, Number(process.env.LIVE_BENCH_CONCURRENCY ?? 1));

type Server = { child: ChildProcess; port: number; url: string };

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "bench/live-server.ts"], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`live bench server exited (${code}) before it was ready`)));
  });
  return { child, port, url: `http://127.0.0.1:${port}` };
}

async function stopServer(server: Server) {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
}

type Stats = { rss: number; heapUsed: number; cpuMicros: number; streams: number; listening: boolean };
async function stats(server: Server): Promise<Stats> {
  return (await (await fetch(`${server.url}/stats`)).json()) as Stats;
}

/** An open stream (its own socket, as a browser tab's): resolves once its first counts arrived. */
function openStream(server: Server, member: string, onText?: (text: string) => void) {
  return new Promise<{ close: () => void }>((resolve, reject) => {
    const req = http.get(
      `${server.url}/live`,
      { agent: false, headers: { "x-bench-member": member, accept: "text/event-stream" } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`/live answered ${res.statusCode}`));
        res.setEncoding("utf8");
        let started = false;
        res.on("data", (text: string) => {
          if (!started && text.includes("event: counts")) {
            started = true;
            resolve({ close: () => req.destroy() });
          }
          onText?.(text);
        });
        res.on("error", () => {});
      },
    );
    req.on("error", reject);
  });
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * (a) 5,000 idle streams on one process: over PostgreSQL when there is one (each new stream reads its cursor and
 * counts: PGlite, one connection, would make connecting them the slow part), else PGlite in memory.
 */
async function idleStreams(databaseUrl: string | null) {
  const server = await startServer(databaseUrl ? { LIVE_DATABASE_URL: databaseUrl } : { LIVE_MIGRATE: "1" });
  try {
    // The slope between 1,000 and 5,000 streams, each after a full GC: what each further stream costs, without the
    // process's start (its first requests, and the garbage a GC hands back to the system, move RSS either way).
    const first = Math.min(1_000, Math.floor(IDLE_STREAMS / 5));
    const started = Date.now();
    const warm = await inBatches(first, 250, () => openStream(server, crypto.randomUUID()));
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await stats(server);
    const streams = await inBatches(IDLE_STREAMS - first, 250, () => openStream(server, crypto.randomUUID()));
    const connectMs = Date.now() - started;
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await stats(server);
    const measured = IDLE_STREAMS - first;
    const perStreamRssKb = (after.rss - before.rss) / measured / 1024;
    const perStreamHeapKb = (after.heapUsed - before.heapUsed) / measured / 1024;
    const idleStart = await stats(server);
    await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
    const idleEnd = await stats(server);
    const idleCpuPercent = ((idleEnd.cpuMicros - idleStart.cpuMicros) / 1000 / IDLE_WINDOW_MS) * 100;
    for (const s of [...streams, ...warm]) s.close();
    const figures = {
      streams: after.streams,
      connectMs,
      rssBeforeMb: before.rss / 2 ** 20,
      rssAfterMb: after.rss / 2 ** 20,
      perStreamRssKb,
      perStreamHeapKb,
      idleCpuPercentOfOneCore: idleCpuPercent,
      idleWindowS: IDLE_WINDOW_MS / 1000,
      database: databaseUrl ? "postgres" : "pglite",
    };
    log(
      `live (a): ${after.streams.toLocaleString("en-AU")} idle streams on one process: ${perStreamRssKb.toFixed(1)} KB RSS ` +
        `(${perStreamHeapKb.toFixed(1)} KB JS heap) per stream; CPU at idle ${idleCpuPercent.toFixed(2)} % of one core ` +
        `over ${IDLE_WINDOW_MS / 1000} s; connected in ${(connectMs / 1000).toFixed(1)} s`,
    );
    return figures;
  } finally {
    await stopServer(server);
  }
}

function postgresUrl(): string | null {
  const candidates = [process.env.LIVE_BENCH_DATABASE_URL, process.env.TEST_DATABASE_URL, process.env.DATABASE_URL];
  return candidates.find((u) => u && /^postgres(ql)?:\/\//.test(u)) ?? null;
}

/** (b) 1,000 members on two processes over PostgreSQL: sent on one, heard on the other. */
async function fanOut(url: URL) {
  const servers: Server[] = [];
  try {
    servers.push(await startServer({ LIVE_DATABASE_URL: url.toString() }));
    servers.push(await startServer({ LIVE_DATABASE_URL: url.toString() }));
    const [one, two] = servers;

    // Pairs of members, each pair a thread about one member's listing: the first of each pair on process one,
    // the second on process two.
    const { openDatabase } = await import("#db/client.ts");
    const { createConversation, createListing, createMember } = await import("#tests/support/factories.ts");
    const handle = await openDatabase({ url: url.toString() });
    const pairs = await inBatches(FANOUT_MEMBERS / 2, 25, async () => {
      const joinedAt = new Date(Date.now() - 90 * 86_400_000);
      const owner = await createMember(handle.db, { name: "Olive Owner", joinedAt });
      const asker = await createMember(handle.db, { name: "Arlo Asker", joinedAt });
      const listingId = await createListing(handle.db, owner.id, { title: "Stihl chainsaw" });
      const { conversationId } = await createConversation(handle.db, {
        listingId,
        ownerId: owner.id,
        askerId: asker.id,
      });
      return { sender: asker.id, receiver: owner.id, conversationId };
    });
    await handle.close();

    const waiting = new Map<string, (at: number) => void>();
    const streams = await inBatches(pairs.length, 100, async (i) => {
      const { sender, receiver, conversationId } = pairs[i];
      const senderStream = await openStream(one, sender);
      const receiverStream = await openStream(two, receiver, (text) => {
        if (text.includes("event: line") && text.includes(conversationId)) waiting.get(conversationId)?.(Date.now());
      });
      return [senderStream, receiverStream];
    });
    log(`live (b): ${(streams.length * 2).toLocaleString("en-AU")} members connected, half to each of two processes`);

    // Each pair's sender writes once through process one, SENDS_AT_ONCE at a time (1 by default: the latency of one
    // message, not the queue of a load test; LIVE_BENCH_CONCURRENCY=10 measures that).
    const latencies: number[] = [];
    await inBatches(pairs.length, SENDS_AT_ONCE, async (i) => {
      const { sender, conversationId } = pairs[i];
      const heard = new Promise<number>((resolve) => waiting.set(conversationId, resolve));
      const sentAt = Date.now();
      const res = await fetch(`${one.url}/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ conversationId, senderId: sender, body: "Is it still available?" }),
      });
      if (!res.ok) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      const at = await Promise.race([heard, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 10_000))]);
      latencies.push(at - sentAt);
    });
    for (const pair of streams) for (const s of pair) s.close();
    const missed = latencies.filter((l) => Number.isNaN(l)).length;
    const sorted = latencies.filter((l) => !Number.isNaN(l)).sort((a, b) => a - b);
    const figures = {
      members: streams.length * 2,
      sendsAtOnce: SENDS_AT_ONCE,
      messages: latencies.length,
      missed,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1),
    };
    log(
      `live (b): ${figures.messages} messages sent on one process, heard on the other's streams: p50 ${figures.p50Ms} ms, ` +
        `p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms, ${missed} never arrived`,
    );
    return missed > 0 ? { ...figures, p99Ms: Number.POSITIVE_INFINITY } : figures;
  } finally {
    for (const server of servers) await stopServer(server);
  }
}

/** A fresh database of its own on the PostgreSQL server, migrated; dropped by `drop`. */
async function freshDatabase(serverUrl: string) {
  const dbName = `swapshed_bench_live_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const { openDatabase } = await import("#db/client.ts");
  const { migrate } = await import("#db/migrate.ts");
  const handle = await openDatabase({ url: url.toString() });
  await migrate(handle);
  await handle.close();
  return {
    url,
    drop: async () => {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

export async function benchLiveUpdates() {
  const serverUrl = postgresUrl();
  const database = serverUrl ? await freshDatabase(serverUrl) : null;
  try {
    return await measure(database?.url ?? null);
  } finally {
    await database?.drop();
  }
}

async function measure(url: URL | null) {
  const idle = await idleStreams(url?.toString() ?? null);
  let fan: Awaited<ReturnType<typeof fanOut>> | { skipped: string };
  if (url) fan = await fanOut(url);
  else {
    fan = { skipped: "no PostgreSQL URL (LIVE_BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL) is set" };
    log(`live (b): SKIPPED: two processes need PostgreSQL, and ${fan.skipped}`);
  }
  // The larger of the two: RSS grows in pages the heap may already hold, the heap misses the sockets' own memory.
  const perStreamKb = Math.max(idle.perStreamRssKb, idle.perStreamHeapKb);
  const targets = [
    check("live: memory per idle stream (RSS or JS heap)", "≤ 20 KB", perStreamKb, (v) => v <= 20, "every run"),
    check(
      "live: message across processes p99",
      "≤ 250 ms",
      "p99Ms" in fan ? fan.p99Ms : null,
      (v) => v <= 250,
      "p99Ms" in fan ? "every run" : "runs with PostgreSQL",
    ),
  ];
  return { idle, fanOut: fan, targets };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchLiveUpdates();
  console.log(JSON.stringify(result, null, 2));
}
