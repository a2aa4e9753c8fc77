import { and, asc, eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "#db/client.ts";
import { notifications, pushSubscriptions } from "#db/schema/notifications.ts";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { describeNotice } from "./notification-kinds";
import type { PushConfig } from "./push-settings";

/** A push is worth sending for a day; older notices are never pushed (the bell has them). */
export const PUSH_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How long a push service keeps a push for a browser that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** What a browser's service worker (public/push-worker.js) receives: the notice's line and where it opens. */
export type PushPayload = { title: string; body: string; url: string };

type Claimed = { id: string; userId: string; title: string; url: string };
type Subscription = typeof pushSubscriptions.$inferSelect;

/**
 * The push job (server/background.ts, beside the digest, every process): sends each notice marked push_pending
 * (record-notices.ts) to each of its member's browsers, once.
 *
 * Exactly-once across processes, as the digest: a batch of pending notices is claimed FOR UPDATE SKIP LOCKED and
 * push_pending cleared in the same transaction; the pushes go out AFTER that commit. So a notice is pushed by the
 * one process that cleared it, never twice; a process that dies between the commit and the send loses those
 * pushes (the notices stay in the bell, and an e-mail if the member wants one) — for a nudge on a phone, a lost
 * one beats a repeated one. Sending after commit also keeps the transaction (and, on PGlite, the only connection)
 * free of network waits on push services.
 *
 * The payload is the notice's line and its link through /notifications/:id (never a message's words: the lines
 * name who and what, not what was said). A notice read meanwhile, or older than a day, is cleared unsent. Each
 * answer is kept: 2xx sets last_success_at (failures back to 0), 404/410 (the browser unsubscribed or the
 * service forgot it) deletes the subscription, anything else counts a failure.
 */
export async function sendPushes(
  deps: { db: Db; clock: Clock; push: PushConfig },
  { batch = 50, maxBatches = 10 }: { batch?: number; maxBatches?: number } = {},
): Promise<{ pushed: number; cleared: number; gone: number; failed: number }> {
  const result = { pushed: 0, cleared: 0, gone: 0, failed: 0 };
  for (let round = 0; round < maxBatches; round++) {
    const claim = await claimBatch(deps, batch);
    if (claim.rows === 0) break;
    result.cleared += claim.rows;
    for (const notice of claim.notices) {
      for (const subscription of claim.subscriptions.filter((s) => s.userId === notice.userId)) {
        const outcome = await deliver(deps, notice, subscription);
        result[outcome]++;
      }
    }
    if (claim.rows < batch) break;
  }
  return result;
}

async function claimBatch(deps: { db: Db; clock: Clock }, batch: number) {
  const now = deps.clock.now();
  const oldest = new Date(now.getTime() - PUSH_MAX_AGE_MS);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        payload: notifications.payload,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.pushPending, true))
      .orderBy(asc(notifications.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return { rows: 0, notices: [] as Claimed[], subscriptions: [] as Subscription[] };
    await tx
      .update(notifications)
      .set({ pushPending: false })
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    const notices: Claimed[] = rows.flatMap((r) => {
      if (r.readAt || r.createdAt < oldest) return [];
      const said = describeNotice(r.kind, r.payload);
      return said ? [{ id: r.id, userId: r.userId, title: said.text, url: `/notifications/${r.id}` }] : [];
    });
    const subscriptions = notices.length
      ? await tx
          .select()
          .from(pushSubscriptions)
          .where(
            inArray(
              pushSubscriptions.userId,
              notices.map((n) => n.userId),
            ),
          )
      : [];
    return { rows: rows.length, notices, subscriptions };
  });
}

async function deliver(
  deps: { db: Db; clock: Clock; push: PushConfig },
  notice: Claimed,
  subscription: Subscription,
): Promise<"pushed" | "gone" | "failed"> {
  const payload: PushPayload = { title: notice.title, body: "SwapShed", url: notice.url };
  let status: number;
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: deps.push.subject,
          publicKey: deps.push.publicKey,
          privateKey: deps.push.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm",
        urgency: "normal",
      },
    );
    // Sent with fetch rather than web-push's own https request: the same bytes, one HTTP client for the app.
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    status = response.status;
  } catch (error) {
    logger.warn("push not delivered", { subscriptionId: subscription.id, error: String(error) });
    status = 0;
  }
  if (status >= 200 && status < 300) {
    await deps.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: deps.clock.now(), failures: 0 })
      .where(eq(pushSubscriptions.id, subscription.id));
    return "pushed";
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed, or the service dropped it: this endpoint will never take a push again.
    await deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.endpoint, subscription.endpoint)));
    return "gone";
  }
  await deps.db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, subscription.id));
  return "failed";
}
