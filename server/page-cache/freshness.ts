import crypto from "node:crypto";
import type { Channel, ListenFn } from "#db/notifications.ts";
import { logger } from "#core/shared/logger.ts";

/** The channel the database triggers notify (migration 0013). */
export const PAGE_CACHE_CHANNEL = "page_cache";
const SYNC_PREFIX = "sync:";
/** How long a write waits to see its own notification come back before dropping every copy anyway. */
const SYNC_TIMEOUT_MS = 2_000;

/**
 * Knows whether the shared copies may be trusted. Each change committed anywhere (any process) notifies the
 * channel; each notification moves `generation` on, which makes every copy made before it stale. While the
 * listening connection is down nothing is trusted.
 */
export type Freshness = {
  generation: () => number;
  /** Whether copies may be served at all (notifications are arriving). */
  trusted: () => boolean;
  /**
   * After a request that may have changed something, before it is answered: waits until this process has read
   * every notification committed so far, so the next request here, from anyone, sees the change.
   */
  caughtUp: () => Promise<void>;
  /** Settles once the first attempt to listen has ended (for tests and the bench: copies are trusted from then). */
  ready: () => Promise<void>;
  /** Moves the generation on by hand (every copy stale). */
  bump: () => void;
  close: () => Promise<void>;
};

/**
 * Starts listening at once and returns straight away: until the channel is open (and whenever it is down) nothing
 * is trusted, so visitor pages are rendered as before.
 */
export function watchForChanges(listen: ListenFn): Freshness {
  let generation = 0;
  let channel: Channel | null = null;
  let closed = false;
  const waiting = new Map<string, () => void>();
  const id = crypto.randomUUID();
  let sequence = 0;
  const bump = () => {
    generation++;
  };
  const open = (): Promise<void> =>
    listen(PAGE_CACHE_CHANNEL, {
      message: (payload) => {
        if (payload.startsWith(SYNC_PREFIX)) {
          // Our own marker coming back: everything committed before it has been read (PostgreSQL delivers in
          // commit order). Other processes' markers change nothing.
          waiting.get(payload)?.();
          return;
        }
        bump();
      },
      lost: () => {
        bump();
        logger.warn("stopped hearing about changes: shared visitor pages are not served until it is back");
      },
      restored: bump,
      log: (level, message, fields) => logger[level](message, fields),
    }).then(
      (opened) => {
        if (closed) return opened.close();
        channel = opened;
        bump();
      },
      (error) => {
        logger.warn("could not listen for changes; shared visitor pages are off until it can", {
          error: String(error),
        });
        if (!closed) setTimeout(() => void open(), 5_000).unref();
      },
    );
  const opening = open();

  return {
    generation: () => generation,
    trusted: () => channel?.listening() ?? false,
    ready: () => opening,
    bump,
    caughtUp: async () => {
      if (!channel?.listening()) return;
      const marker = `${SYNC_PREFIX}${id}:${++sequence}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        waiting.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await channel.notify(marker);
        if (!(await arrived)) bump();
      } catch {
        bump();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    close: async () => {
      closed = true;
      await channel?.close();
    },
  };
}
