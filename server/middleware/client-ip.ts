import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The client's address comes from the socket. Forwarded headers are believed only when the socket
 * peer is the configured trusted proxy; then the right-most X-Forwarded-For entry is the client.
 */
export function clientIp(c: Context, trustedProxy: string | undefined): string {
  let socketIp = "unknown";
  try {
    socketIp = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    socketIp = "127.0.0.1";
  }
  if (trustedProxy && normalise(socketIp) === normalise(trustedProxy)) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (forwarded?.length) return forwarded[forwarded.length - 1];
  }
  return socketIp;
}

function normalise(ip: string) {
  return ip.replace(/^::ffff:/, "");
}
