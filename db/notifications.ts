import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * LISTEN/NOTIFY on one channel, the same on both databases: how a change committed by any process reaches every
 * process's memory (the visitor page cache, decision 062).
 */
export type ChannelHandlers = {
  /** A notification on the channel, in commit order. */
  message: (payload: string) => void;
  /** Notifications may have been missed from now on (the listening connection is gone). */
  lost: () => void;
  /** Listening again after `lost`: whatever was missed in between is unknown. */
  restored: () => void;
  /** Where the reconnecting listener reports what it does: the caller's logger (db/ imports nothing of ours). */
  log: (level: "info" | "warn", message: string, fields?: Record<string, unknown>) => void;
};

export type Channel = {
  /** Sends a notification on the channel (delivered to every listener, this one included, at once). */
  notify: (payload: string) => Promise<void>;
  /** Whether notifications are arriving now. */
  listening: () => boolean;
  close: () => Promise<void>;
};

export type ListenFn = (channel: string, handlers: ChannelHandlers) => Promise<Channel>;

/**
 * PGlite: one session in this process. Its notifications are read while the committing statement's reply is
 * parsed and handed to listeners as microtasks, before the writer's own await resumes: nothing is ever missed.
 */
export function pgliteListen(client: PGlite): ListenFn {
  return async (channel, handlers) => {
    const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
    let open = true;
    return {
      notify: async (payload) => {
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      },
      listening: () => open,
      close: async () => {
        open = false;
        await unlisten().catch(() => {});
      },
    };
  };
}

const RETRY_MS = [250, 1_000, 2_000, 5_000, 10_000];

/**
 * PostgreSQL: a connection of its own that does nothing but listen (a pooled one would be handed to queries).
 * When it drops, `lost` is called at once and it reconnects, backing off up to 10 s; `restored` once listening
 * again.
 */
export function postgresListen(connectionString: string, pool: pg.Pool): ListenFn {
  return async (channel, handlers) => {
    let client: pg.Client | null = null;
    let connected = false;
    let closed = false;
    let attempt = 0;
    let timer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on("notification", (message) => {
        if (message.channel === channel) handlers.message(message.payload ?? "");
      });
      next.on("error", () => dropped(next));
      next.on("end", () => dropped(next));
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      connected = true;
      attempt = 0;
    };

    const dropped = (which: pg.Client) => {
      if (which !== client || !connected) return;
      connected = false;
      client = null;
      handlers.lost();
      which.end().catch(() => {});
      if (!closed) retry();
    };

    const retry = () => {
      const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
      timer = setTimeout(() => {
        connect().then(
          () => {
            if (connected) {
              handlers.log("info", "listening for changes again", { channel });
              handlers.restored();
            }
          },
          (error) => {
            handlers.log("warn", "listening for changes failed; retrying", { channel, error: String(error) });
            if (!closed) retry();
          },
        );
      }, wait);
      timer.unref();
    };

    await connect();
    return {
      notify: async (payload) => {
        await pool.query("select pg_notify($1, $2)", [channel, payload]);
      },
      listening: () => connected,
      close: async () => {
        closed = true;
        clearTimeout(timer);
        connected = false;
        const last = client;
        client = null;
        await last?.end().catch(() => {});
      },
    };
  };
}
