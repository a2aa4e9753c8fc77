// One app process for the live-updates benchmark (bench/live.ts): the /live route as the site mounts it (the hub,
// the route's stream, @hono/node-server), over PGlite in memory or PostgreSQL (LIVE_DATABASE_URL), listening on
// the database's channel. Only the session lookup is replaced: the member is named by a header, since the bench
// holds thousands of members' streams and signing each in would measure Better Auth, not the stream. It also
// sends messages through the real use case (POST /send) and reports its own memory and CPU (GET /stats).
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { systemClock } from "#core/shared/clock.ts";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { createLiveHub } from "#server/live/live-hub.ts";
import { liveRoute } from "#server/live/live-route.ts";

const url = process.env.LIVE_DATABASE_URL ?? "memory://";
const handle = await openDatabase({ url });
handle.pool?.on("error", () => {});
if (process.env.LIVE_MIGRATE === "1") await migrate(handle);
const hub = createLiveHub({ db: handle.db, listen: handle.listen, mask: maskContactDetails });
await hub.ready();

const app = new Hono();
app.get("/live", async (c) => {
  const member = c.req.header("x-bench-member") ?? "";
  c.set("ctx" as never, { getUser: async () => (member ? { id: member } : null) } as never);
  return liveRoute(hub)(c as never);
});
app.post("/send", async (c) => {
  const { conversationId, senderId, body } = await c.req.json();
  const sent = await sendMessage(
    { db: handle.db, clock: systemClock, mask: maskContactDetails },
    { conversationId, senderId, body },
  );
  return c.json(sent);
});
app.get("/stats", (c) => {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return c.json({
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    cpuMicros: cpu.user + cpu.system,
    streams: hub.size(),
    listening: hub.listening(),
  });
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`ready ${info.port}\n`);
});
// Thousands of idle connections: no keep-alive or request timeouts may close them.
(server as unknown as { requestTimeout: number; headersTimeout: number; timeout: number }).requestTimeout = 0;
(server as unknown as { timeout: number }).timeout = 0;
process.on("SIGTERM", async () => {
  await hub.close();
  server.close();
  await handle.close();
  process.exit(0);
});
