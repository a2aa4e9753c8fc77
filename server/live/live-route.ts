import type { Context } from "hono";
import type { AppContext } from "#app/context.ts";
import { UNAUTHENTICATED } from "../api/account";
import type { LiveHub } from "./live-hub";

/**
 * GET /live: the signed-in member's live updates as Server-Sent Events, one stream per tab. The session cookie is
 * the credential (a visitor gets 401 and no stream). Never cached, never compressed (hono/compress leaves
 * text/event-stream alone; X-Accel-Buffering asks nginx not to buffer), and not a page: no page cache, no render.
 */
export function liveRoute(hub: LiveHub) {
  return async (c: Context<{ Variables: { ctx: AppContext } }>) => {
    const user = await c.get("ctx").getUser();
    if (!user) {
      // As the JSON API answers a request without a session (an EventSource gives up on a 401 and retries nothing).
      return c.json({ error: UNAUTHENTICATED }, 401, { "Cache-Control": "no-store" });
    }
    // The browser sends Last-Event-ID on its own reconnects; a script starting a new EventSource passes ?last=.
    const lastEventId = c.req.header("last-event-id") ?? c.req.query("last") ?? null;
    const stream = hub.open(user.id, lastEventId, c.req.raw.signal);
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  };
}
