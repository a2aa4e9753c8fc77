import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifications } from "#db/schema/notifications.ts";

/** The LISTEN/NOTIFY channel live updates travel on (every app process listens; server/live/live-hub.ts). */
export const LIVE_CHANNEL = "live";

/**
 * What changed, for whom: ids only (a notification's payload is capped at 8,000 bytes, and the details are read
 * per member, masked for them, by each process's hub). `to` lists the members whose open tabs should hear it.
 */
export type LiveChange =
  /** A line went into a thread (a message, or a swap's event line): both members hear it, each masked for them. */
  | { t: "line"; to: string[]; c: string; s: number }
  /** A member read a thread up to `s`: their own counts change, the other member's "Seen" moves. */
  | { t: "read"; to: string[]; c: string; u: string; s: number }
  /** New notices, as [member, notice id] pairs. */
  | { t: "notice"; n: [string, string][] }
  /** A member's notices were marked read (one or all): their bell changes. */
  | { t: "notices-read"; to: string[] };

/**
 * Publishes a live update in the caller's transaction: PostgreSQL (and PGlite) deliver a NOTIFY at commit, and not
 * at all on a rollback, so tabs hear exactly of what was committed. Called by the use cases that cause it, never
 * by routes. Outside a transaction the statement is its own, after the change it follows.
 */
export async function publishLive(tx: Db, change: LiveChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
}

/** The notices an event wrote (one row per member at most: a handful), published for their members' bells. */
export async function publishNoticesOf(tx: Db, eventId: string): Promise<void> {
  const rows = await tx
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.eventId, eventId));
  if (rows.length > 0) await publishLive(tx, { t: "notice", n: rows.map((r) => [r.userId, r.id]) });
}
